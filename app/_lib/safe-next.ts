// Where the sign-in page sends a person afterwards (`?next=`, and the hidden field of the form
// that POSTs to /sign-in/submit): only a path on this site. Anything else is refused and the
// person lands on the overview ("/").
//
// Parsed with zod, in two steps:
// 1. the value as sent must already look like a same-origin path: one "/" first (never "//",
//    which a browser reads as another host), no "\" (a browser reads it as "/", so "/\evil"
//    is "//evil"), no control character (a browser drops tabs and newlines from a URL, so
//    "/\t/evil" is "//evil"), no scheme (`https://…`, `javascript:`), at most 2,000 characters;
// 2. the path a browser will actually go to, after resolving "." and ".." segments, must stay on
//    this site and still start with one "/": "/.//evil.example" resolves to "//evil.example",
//    which a Location header would send off-site.
import { z } from "zod";

const probeOrigin = "http://duly.invalid";

/** What a browser reads as another host when it starts a path. */
const offSiteStart = /^(\/\/|\/\\|\\)/;
const controlOrBackslash = /[\u0000-\u001f\u007f-\u009f\\]/;

/** The path as a browser resolves it on this site, or undefined when it does not stay here. */
function resolvedOnSite(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return undefined;
  }
  if (url.origin !== probeOrigin) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return offSiteStart.test(path) ? undefined : path;
}

export const nextPath = z
  .string()
  .max(2000, "at most 2,000 characters")
  .refine((value) => value.startsWith("/") && !offSiteStart.test(value), "must be a path on this site (one leading slash)")
  .refine((value) => !controlOrBackslash.test(value), "must not hold a control character or a backslash")
  .transform((value, ctx) => {
    const path = resolvedOnSite(value);
    if (path === undefined) {
      ctx.addIssue({ code: "custom", message: "must stay on this site once resolved" });
      return z.NEVER;
    }
    return path;
  });

/** A path on this site (normalised, as the browser will read it), or "/" for anything else. */
export function safeNext(value: unknown): string {
  const parsed = nextPath.safeParse(value);
  return parsed.success ? parsed.data : "/";
}
