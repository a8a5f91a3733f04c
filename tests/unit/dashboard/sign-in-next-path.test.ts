// Where sign-in sends a person afterwards: the page they asked for, on this site only. `next`
// comes from a URL or a form field, so it is parsed (zod) and anything but a same-origin relative
// path is refused: the person lands on the overview ("/") instead.
import { describe, expect, it } from "vitest";
import { safeNext } from "../../../app/_lib/safe-next.ts";
import { requestedPageHeader, signInHrefFor } from "../../../app/_lib/requested-page.ts";

describe("the next path after sign-in", () => {
  it("keeps a page on this site with its query and fragment", () => {
    expect(safeNext("/jobs/123")).toBe("/jobs/123");
    expect(safeNext("/bookings?status=paid&dir=desc#list")).toBe("/bookings?status=paid&dir=desc#list");
    expect(safeNext("/audit?record=scheduled_job%3A42")).toBe("/audit?record=scheduled_job%3A42");
  });

  it("refuses other sites, schemes and what a browser reads as another host", () => {
    for (const attempt of [
      "//evil.example", "//evil.example/jobs", "https://evil.example", "http://localhost:3000/jobs", "javascript:alert(1)",
      "/\\evil.example", "\\\\evil.example", "evil.example", "jobs/123", "", " /jobs",
    ]) {
      expect(safeNext(attempt), JSON.stringify(attempt)).toBe("/");
    }
  });

  it("refuses a path whose dot segments resolve to another host", () => {
    // new URL("/.//evil.example", origin).pathname is "//evil.example": sent as a Location, that is off-site.
    for (const attempt of ["/.//evil.example", "/a/..//evil.example", "/%2e//evil.example", "/./\\evil.example"]) {
      expect(safeNext(attempt), JSON.stringify(attempt)).toBe("/");
    }
  });

  it("refuses control characters rather than guessing what was meant", () => {
    for (const attempt of ["/\t/evil.example", "/\n/evil.example", "/jobs\r\n", "/jobs\u0000", "/jobs\u007f", "/jobs\u0085"]) {
      expect(safeNext(attempt), JSON.stringify(attempt)).toBe("/");
    }
  });

  it("refuses anything but one string of at most 2,000 characters", () => {
    expect(safeNext(["/a", "/b"])).toBe("/");
    expect(safeNext(undefined)).toBe("/");
    expect(safeNext(42)).toBe("/");
    expect(safeNext(`/${"a".repeat(2000)}`)).toBe("/");
  });
});

describe("the sign-in link for a signed-out request", () => {
  const forPage = (page: string | null) => signInHrefFor(new Headers(page === null ? {} : { [requestedPageHeader]: page }));

  it("carries the page the request asked for", () => {
    expect(forPage("/jobs/123")).toBe("/sign-in?next=%2Fjobs%2F123");
    expect(forPage("/jobs?status=dead&dir=desc")).toBe("/sign-in?next=%2Fjobs%3Fstatus%3Ddead%26dir%3Ddesc");
  });

  it("is the plain sign-in page without a page, for the overview, for the sign-in page itself or an off-site value", () => {
    expect(forPage(null)).toBe("/sign-in");
    expect(forPage("/")).toBe("/sign-in");
    expect(forPage("/sign-in?next=%2Fjobs")).toBe("/sign-in");
    expect(forPage("//evil.example")).toBe("/sign-in");
  });
});
