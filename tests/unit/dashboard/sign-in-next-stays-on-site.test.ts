// The sign-in page's `?next=`: a hostile tester's open-redirect attempts. Each value is what the
// query string decodes to; the answer must be a path that a browser resolves on this site.
import { describe, expect, it } from "vitest";
import { safeNext } from "../../../app/_lib/safe-next.ts";

const site = "https://duly.example";
const landsOnSite = (next: string) => new URL(next, site).origin === site;

describe("sign-in next parameter", () => {
  it("keeps an ordinary path with its query and fragment", () => {
    expect(safeNext("/jobs?status=dead&dir=desc#top")).toBe("/jobs?status=dead&dir=desc#top");
    expect(safeNext("/jobs/42")).toBe("/jobs/42");
  });

  it("never leads off the site, whatever a browser strips or rewrites", () => {
    const attempts = [
      "//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)",
      "/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "\t//evil.example",
      "/\t\\evil.example", " //evil.example", "/%09/evil.example", "x", "", "/".repeat(3000),
    ];
    for (const attempt of attempts) {
      const next = safeNext(attempt);
      expect(next.startsWith("/"), JSON.stringify(attempt)).toBe(true);
      expect(landsOnSite(next), JSON.stringify(attempt)).toBe(true);
      expect(/[\t\r\n\\]/.test(next), JSON.stringify(attempt)).toBe(false);
    }
  });

  it("refuses values that are not one string", () => {
    expect(safeNext(["/a", "/b"])).toBe("/");
    expect(safeNext(undefined)).toBe("/");
  });
});
