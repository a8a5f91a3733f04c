// Every dashboard page with a query string answers a bad one with HTTP 400 and the reason
// (proxy.ts), never a 200 page or a 500: huge, malformed, repeated and out-of-range values.
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "../../../proxy.ts";
import { badQueryHeader, readBadQuery } from "../../../app/_lib/bad-query-page.ts";

/**
 * The proxy's answer; a 400 is a rewrite to app/bad-request/page.tsx (inside the dashboard's
 * frame) with the reason in a request header: `body` is what that page says.
 */
async function answer(pathAndQuery: string, cookie?: string): Promise<{ status: number; body: string }> {
  const request = new NextRequest(`http://duly.test${pathAndQuery}`, cookie ? { headers: { cookie } } : undefined);
  const response = await proxy(request);
  if (response.status !== 400) return { status: response.status, body: "" };
  expect(new URL(response.headers.get("x-middleware-rewrite") ?? "http://x/none").pathname).toBe("/bad-request");
  const raw = response.headers.get(`x-middleware-request-${badQueryHeader}`);
  const bad = raw === null ? null : readBadQuery(new Headers({ [badQueryHeader]: raw }));
  return { status: 400, body: bad ? `${bad.title}: This link has a bad parameter: ${bad.error}. ${bad.backText}` : "" };
}

describe("bad page queries", () => {
  const bad = [
    "/jobs?size=7",
    "/jobs?status=exploded",
    "/jobs?status=pending&status=dead",
    `/jobs?key=${"k".repeat(600)}`,
    "/jobs?from=275760-09-13T00:00:00Z",
    "/jobs?from=2026-03-29T02:30", // skipped in Berlin (cookie below)
    "/jobs?after=2026-12-01T00:00:00Z~9999999999999999999",
    "/jobs?type=%00",
    "/jobs?nonsense=1",
    "/audit?before=9999999999999999999",
    "/audit?until=9999-12-31",
    "/audit?action=job.explode",
    "/overview?day=9999-12-31",
    "/overview?day=2026-02-30",
    "/overview?day=yesterday",
    "/agenda?days=0",
  ];
  for (const path of bad) {
    it(`answers ${path.slice(0, 60)} with 400 and the reason`, async () => {
      const { status, body } = await answer(path, "duly_tz=Europe%2FBerlin");
      expect(status).toBe(400);
      expect(body).toContain("This link has a bad parameter");
    });
  }

  it("refuses a key named after an Object.prototype member on every page, with or without a parser of its own", async () => {
    for (const path of ["/jobs", "/bookings", "/disputes", "/accounts", "/overview", "/recurring", "/sign-in", "/jobs/1", "/a-page-added-later"]) {
      for (const name of Object.getOwnPropertyNames(Object.prototype)) {
        const { status, body } = await answer(`${path}?${name}=x`);
        expect(status, `${path}?${name}`).toBe(400);
        expect(body).toContain(name);
      }
    }
  });

  it("answers bookings, disputes and accounts' bad queries with 400 too", async () => {
    for (const path of ["/bookings?status=exploded", "/bookings?nonsense=1", "/disputes?status=lost", "/accounts?plan=platinum", "/accounts?after=x"]) {
      expect((await answer(path)).status, path).toBe(400);
    }
  });

  it("lets good queries through to the page", async () => {
    for (const path of ["/jobs", "/jobs?status=pending&size=25", "/audit?action=job.cancel", "/overview", "/overview?day=2026-12-05", "/agenda", "/bookings?status=paid", "/disputes?status=resolved", "/accounts?plan=free", "/recurring"]) {
      expect((await answer(path)).status, path).toBe(200);
    }
  });

  it("refuses ?now= on the overview unless time travel is on, as on the agenda", async () => {
    const saved = process.env.DULY_TIME_TRAVEL;
    try {
      delete process.env.DULY_TIME_TRAVEL;
      expect((await answer("/overview?now=2033-06-14T08:00:00Z")).status).toBe(400);
      process.env.DULY_TIME_TRAVEL = "1";
      expect((await answer("/overview?now=2033-06-14T08:00:00Z")).status).toBe(200);
      expect((await answer("/overview?now=tomorrow")).status).toBe(400);
    } finally {
      if (saved === undefined) delete process.env.DULY_TIME_TRAVEL;
      else process.env.DULY_TIME_TRAVEL = saved;
    }
  });

  it("answers the search page's bad q with 400: too long, or with NUL", async () => {
    expect((await answer(`/search?q=${"x".repeat(301)}`)).body).toContain("at most 300");
    expect((await answer("/search?q=a%00b")).status).toBe(400);
    expect((await answer(`/search?q=${"x".repeat(300)}`)).status).toBe(200);
  });

  it("does not pass on a client's own copy of the bad-query header", async () => {
    const request = new NextRequest("http://duly.test/bad-request", { headers: { [badQueryHeader]: encodeURIComponent(JSON.stringify({ title: "t", error: "forged", backHref: "/", backText: "b" })) } });
    const response = await proxy(request);
    expect(response.status).toBe(200);
    const overridden = (response.headers.get("x-middleware-override-headers") ?? "").split(",");
    expect(overridden).not.toContain(badQueryHeader);
    expect(response.headers.get(`x-middleware-request-${badQueryHeader}`)).toBeNull();
  });

  it("reads local times in the cookie's zone, and a bogus zone as UTC", async () => {
    expect((await answer("/jobs?from=2026-03-29T02:30", "duly_tz=Europe%2FBerlin")).status).toBe(400);
    expect((await answer("/jobs?from=2026-03-29T02:30", "duly_tz=Not%2FAZone")).status).toBe(200);
  });
});
