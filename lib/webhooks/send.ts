// One POST to a receiver, bounded in every way a receiver can misbehave: a deadline over the
// whole exchange (connect, headers, body), at most the first 64 KiB of its answer read (the
// first 500 characters kept), redirects not followed (a 3xx is a failure: a receiver that moved
// must be updated, and following could lead inward), and the addresses checked at connection.
// Never throws: every outcome is a value the caller records.
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { guardedLookup, isForbiddenAddress, type UrlPolicy } from "./url-safety.ts";

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseExcerpt: string | null;
  /** No complete answer came within the timeout (the request was abandoned). */
  timedOut?: boolean;
}

export interface SendOptions extends UrlPolicy {
  timeoutMs: number;
}

const excerptChars = 500;
const maxReadBytes = 64 * 1024;

export async function sendWebhook(url: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (!options.allowPrivate && isIP(host) && isForbiddenAddress(host)) {
    return { ok: false, statusCode: null, latencyMs: 0, error: `${host} is a private, loopback or link-local address`, responseExcerpt: null };
  }
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...result, latencyMs: elapsed() });
    };
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options) as never,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          if (read < maxReadBytes) chunks.push(chunk);
          read += chunk.length;
        });
        response.on("error", (error) => finish({ ok: false, statusCode: response.statusCode ?? null, error: `the answer broke off: ${error.message}`, responseExcerpt: null }));
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks).toString("utf8").slice(0, excerptChars);
          const ok = status >= 200 && status < 300;
          const error = ok ? null : status >= 300 && status < 400 ? `redirect (${status}) to ${response.headers.location ?? "nowhere"}: not followed` : `answered ${status}`;
          finish({ ok, statusCode: status, error, responseExcerpt: excerpt === "" ? null : excerpt });
        });
      },
    );
    const timer = setTimeout(() => finish({ ok: false, statusCode: null, error: `no complete answer within ${options.timeoutMs} ms`, responseExcerpt: null, timedOut: true }), options.timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) =>
      finish({ ok: false, statusCode: null, error: `${error.code ?? "ERROR"}: ${error.message}`.slice(0, 500), responseExcerpt: null }),
    );
    request.end(body);
  });
}
