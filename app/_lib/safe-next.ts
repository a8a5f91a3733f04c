// Where the sign-in page sends a person afterwards (`?next=`): only somewhere on this site.
// Checked by parsing the value as a browser will, not by looking at its first characters: a
// browser drops tabs and newlines from a URL and reads `\` as `/`, so `/\t/evil.example` passes
// a "starts with one slash" test yet leads to //evil.example (found by a hostile test).

const probeOrigin = "http://duly.invalid";

/** A path on this site (normalised, as the browser will read it), or "/" for anything else. */
export function safeNext(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length >= 2000) return "/";
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return "/";
  }
  if (url.origin !== probeOrigin) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
