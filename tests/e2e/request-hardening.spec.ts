// What every page answers to requests a browser would not send, over real HTTP against
// `next start`: query keys named after Object.prototype's members (Next's own query parsing
// turns `?constructor=x` into [Object, "x"]), a server action's body sent chunked with no
// Content-Length, and an attempt to frame a page in another site. The pages come from the app/
// folder itself, so a page added later is covered without being listed here.
import http from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { appPagePaths } from "../helpers/app-pages.ts";

const prototypeNames = Object.getOwnPropertyNames(Object.prototype);

/** The anti-framing rule, as a header: CSP frame-ancestors 'none' and/or X-Frame-Options DENY. */
function refusesFraming(headers: Record<string, string>): boolean {
  const csp = headers["content-security-policy"] ?? "";
  return /frame-ancestors\s+'none'/.test(csp) || headers["x-frame-options"]?.toUpperCase() === "DENY";
}

test.describe("query keys named after Object.prototype's members", () => {
  test("are refused with 400 on every page, never answered 5xx", async ({ page }) => {
    test.setTimeout(120_000);
    const pages = appPagePaths();
    expect(pages).toEqual(expect.arrayContaining(["/bookings", "/disputes", "/accounts", "/jobs", "/sign-in"]));
    const answers: string[] = [];
    const expected: string[] = [];
    for (const pagePath of pages) {
      // `__proto__` never reaches the app: Next's router drops it while parsing the URL, so the
      // page answers as it does without it.
      const bare = (await page.request.get(pagePath, { maxRedirects: 0 })).status();
      for (const name of prototypeNames) {
        const response = await page.request.get(`${pagePath}?${encodeURIComponent(name)}=x`, { maxRedirects: 0 });
        answers.push(`${pagePath}?${name}=x ${response.status()}`);
        expected.push(`${pagePath}?${name}=x ${name === "__proto__" ? bare : 400}`);
      }
    }
    expect(answers.filter((answer) => / 5\d\d$/.test(answer))).toEqual([]);
    expect(answers).toEqual(expected);
  });

  test("the refusal names the parameter", async ({ page }) => {
    const response = await page.request.get("/bookings?constructor=x");
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("constructor");
  });
});

/** A server action's id from the build (any action: the size check comes before Next reads it). */
function anyServerActionId(): { id: string; pagePath: string } {
  const manifest = JSON.parse(readFileSync(path.join(process.cwd(), ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { workers: Record<string, unknown> }>;
  };
  for (const [id, entry] of Object.entries(manifest.node)) {
    const worker = Object.keys(entry.workers).find((name) => name === "app/job-types/page");
    if (worker) return { id, pagePath: "/job-types" };
  }
  throw new Error("no server action of the job types page in the build");
}

/** POSTs `body` to a page as Transfer-Encoding: chunked (no Content-Length), in 64 kB chunks. */
function postChunked(url: URL, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    // The server may answer before it has read everything: that is the point.
    request.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    let sent = 0;
    const writeMore = () => {
      while (sent < body.length) {
        const piece = body.subarray(sent, sent + 64 * 1024);
        sent += piece.length;
        if (!request.write(piece)) return request.once("drain", writeMore);
      }
      request.end();
    };
    writeMore();
  });
}

test.describe("a server action's body", () => {
  test("over 1 MB sent chunked, without Content-Length, is answered 413", async ({ baseURL, signedIn }) => {
    const { id, pagePath } = anyServerActionId();
    const url = new URL(pagePath, baseURL);
    const headers = {
      origin: url.origin,
      "next-action": id,
      "content-type": "text/plain;charset=UTF-8",
      cookie: `better-auth.session_token=${signedIn!.cookieValue}`,
    };
    const answer = await postChunked(url, headers, Buffer.alloc(1024 * 1024 + 64 * 1024, "a"));
    expect(answer.status, answer.body.slice(0, 300)).toBe(413);
    // A small chunked body still reaches the action (which answers the bad call itself, with 200).
    const small = await postChunked(url, headers, Buffer.from(JSON.stringify(["$undefined"])));
    expect(small.status, small.body.slice(0, 300)).toBe(200);
  });
});

test.describe("framing by another site", () => {
  test("every page, the 400 answer, the API and the auth routes refuse to be framed", async ({ page }) => {
    const paths = [...appPagePaths(), "/bookings?constructor=x", "/jobs?status=nonsense", "/api/v1/openapi.json", "/api/v1/docs", "/api/auth/get-session", "/api/cron/tick"];
    const missing: string[] = [];
    for (const pagePath of paths) {
      const response = await page.request.get(pagePath, { maxRedirects: 0 });
      if (!refusesFraming(response.headers())) missing.push(`${pagePath} (${response.status()})`);
    }
    expect(missing).toEqual([]);
  });

  test("a signed-out visitor's redirect and the sign-in page refuse to be framed too", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    try {
      for (const pagePath of ["/jobs", "/sign-in"]) {
        const response = await context.request.get(pagePath, { maxRedirects: 0 });
        expect(refusesFraming(response.headers()), pagePath).toBe(true);
      }
    } finally {
      await context.close();
    }
  });
});
