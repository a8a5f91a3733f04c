// Forged server action posts: from another site (a foreign or "null" Origin) and oversized
// bodies are answered 403 and 413 by proxy.ts, where Next itself answers 500. A same-site post,
// and one with no Origin (Next's own rule), go through to the action.
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "../../../proxy.ts";

function post(path: string, headers: Record<string, string>): Promise<Response> {
  return proxy(new NextRequest(`http://dash.example${path}`, { method: "POST", headers: { host: "dash.example", "next-action": "60b6f7b8c8fc", ...headers } }));
}

describe("server action posts", () => {
  it("refuses another site's post with 403", async () => {
    expect((await post("/jobs/1", { origin: "https://evil.example" })).status).toBe(403);
    expect((await post("/job-types", { origin: "null" })).status).toBe(403);
    expect((await post("/recurring", { origin: "not a url" })).status).toBe(403);
    expect((await post("/jobs/1", { origin: "http://dash.example.evil.example" })).status).toBe(403);
  });

  it("refuses a body over the limit with 413", async () => {
    expect((await post("/jobs/1", { origin: "http://dash.example", "content-length": String(2 * 1024 * 1024) })).status).toBe(413);
  });

  it("refuses a body over the limit sent without Content-Length (chunked) with 413, and lets a small one through", async () => {
    const chunked = (bytes: number) => {
      const chunk = new Uint8Array(64 * 1024);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= bytes) return controller.close();
          const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
          sent += piece.length;
          controller.enqueue(piece);
        },
      });
      return proxy(new NextRequest("http://dash.example/job-types", { method: "POST", body, duplex: "half", headers: { host: "dash.example", origin: "http://dash.example", "next-action": "60b6f7b8c8fc" } } as unknown as ConstructorParameters<typeof NextRequest>[1]));
    };
    expect((await chunked(1024 * 1024 + 1)).status).toBe(413);
    expect((await chunked(1024 * 1024)).status).toBe(200);
  });

  it("lets a same-site post through, and one behind a proxy that names the public host", async () => {
    expect((await post("/jobs/1", { origin: "http://dash.example", "content-length": "900" })).status).toBe(200);
    expect((await post("/jobs/1", { origin: "https://duly.example.com", "x-forwarded-host": "duly.example.com" })).status).toBe(200);
    expect((await post("/jobs/1", {})).status).toBe(200);
  });

  it("still answers a page's bad query 400 and a good one through", async () => {
    expect((await proxy(new NextRequest("http://dash.example/jobs?size=7"))).status).toBe(400);
    expect((await proxy(new NextRequest("http://dash.example/job-types"))).status).toBe(200);
  });
});
