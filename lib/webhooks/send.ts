// One POST to a receiver, bounded in every way a receiver can misbehave: a deadline over the
// whole exchange (connect, headers, body), at most the first 64 KiB of its answer read (the
// first 500 characters kept), redirects not followed (a 3xx is a failure: a receiver that moved
// must be updated, and following could lead inward), and the addresses checked at connection.
// Never throws: every outcome is a value the caller records.
//
// Connections are kept alive and reused, one pool per receiver origin (decision 0040): a new
// TCP (and TLS) connection per POST was most of a delivery's cost. The addresses are still
// checked at every connection (the lookup below; a reused connection is one already checked);
// an origin's pool has no limit on connections, so a slow receiver's requests never queue
// behind each other or anyone else's; an idle connection is closed after idleSocketMs; a request
// that fails on a reused connection before any answer (the receiver closed it while idle) is
// sent once more on a fresh one, within the same deadline.
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
  /** Over the whole exchange, a resend on a fresh connection included. */
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
  const deadline = performance.now() + options.timeoutMs;
  const first = await post(target, headers, body, options, agentFor(target, options), options.timeoutMs);
  const retry = first.staleConnection && performance.now() < deadline;
  const result = retry ? await post(target, headers, body, options, false, Math.max(1, deadline - performance.now())) : first;
  const { staleConnection: _stale, ...outcome } = result;
  return { ...outcome, latencyMs: elapsed() };
}

/** Idle keep-alive connections are closed after this long (below common servers' 5 s keep-alive). */
export const idleSocketMs = 4_000;
/** Idle connections kept per origin: about a batch's worth (a batch sends its deliveries at once, decision 0035). */
const maxIdleSockets = 128;

const agents = new Map<string, http.Agent>();

/** The keep-alive pool for `target`'s origin, under `policy` (whose lookup checks every new connection). */
export function agentFor(target: URL, policy: UrlPolicy): http.Agent {
  const key = `${target.origin}|${policy.allowPrivate ? "private-allowed" : "public"}`;
  let agent = agents.get(key);
  if (!agent) {
    forgetEmptyPools();
    const settings = { keepAlive: true, maxFreeSockets: maxIdleSockets, timeout: idleSocketMs, scheduling: "lifo" as const, lookup: guardedLookup(policy) as never };
    agent = target.protocol === "https:" ? new https.Agent(settings) : new http.Agent(settings);
    agents.set(key, agent);
  }
  return agent;
}

/** How many connections a pool holds, in use or idle, and requests waiting for one. */
function connectionsOf(agent: http.Agent): number {
  const count = (lists: NodeJS.ReadOnlyDict<unknown[]>) => Object.values(lists).reduce((n, list) => n + (list?.length ?? 0), 0);
  return count(agent.sockets) + count(agent.freeSockets) + count(agent.requests);
}

/**
 * Drops the pools that hold no connection (every one closed: idle past idleSocketMs, or by the
 * receiver). Without this the map kept every origin ever named for the life of the process
 * (test integrations/webhook-pools-forget-idle-origins). Run when a pool is made, so the map
 * holds at most the origins with connections plus the one being added; a pool in use is never
 * dropped (its connections are counted, and nothing runs between agentFor and the request).
 */
function forgetEmptyPools(): void {
  for (const [key, agent] of agents) {
    if (connectionsOf(agent) === 0) agents.delete(key);
  }
}

/** The pools kept and their connections (tests). */
export function webhookPools(): { origins: number; connections: number } {
  let connections = 0;
  for (const agent of agents.values()) connections += connectionsOf(agent);
  return { origins: agents.size, connections };
}

/** Closes every pooled connection (tests; a process about to end). */
export function closeWebhookConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

type PostResult = Omit<SendResult, "latencyMs"> & { staleConnection?: boolean };

function post(target: URL, headers: Record<string, string>, body: string, options: SendOptions, agent: http.Agent | false, timeoutMs: number): Promise<PostResult> {
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    let answered = false;
    const finish = (result: PostResult, keepConnection = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A complete answer leaves its connection to the pool; anything else ends it.
      if (!keepConnection) request.destroy();
      resolve(result);
    };
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options) as never,
        agent,
      },
      (response) => {
        answered = true;
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
          finish({ ok, statusCode: status, error, responseExcerpt: excerpt === "" ? null : excerpt }, response.complete);
        });
      },
    );
    const timer = setTimeout(() => finish({ ok: false, statusCode: null, error: `no complete answer within ${options.timeoutMs} ms`, responseExcerpt: null, timedOut: true }), timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) =>
      finish({
        ok: false, statusCode: null, error: `${error.code ?? "ERROR"}: ${error.message}`.slice(0, 500), responseExcerpt: null,
        staleConnection: request.reusedSocket && !answered && staleCodes.has(error.code ?? ""),
      }),
    );
    request.end(body);
  });
}

/** How a kept-alive connection the receiver closed while it was idle fails the next request on it. */
const staleCodes = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);
