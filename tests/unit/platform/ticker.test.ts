// The local ticker (scripts/lib/ticker.ts) against a real HTTP server standing in for the cron
// route: what it logs for idle and busy ticks, and that stopping it does not wait for a staying
// call to end.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startTicker, type Ticker } from "../../../scripts/lib/ticker.ts";

const idleSummary = { tickId: "t_idle", claimed: 0, succeeded: 0, failed: 0, dead: 0, recurringEnqueued: 0, lagMs: 0, durationMs: 5 };
const busySummary = { ...idleSummary, tickId: "t_busy", claimed: 2, succeeded: 2, jobTypes: { "demo.ping": 2 } };

type Handler = (request: IncomingMessage, response: ServerResponse, index: number) => void;

let server: Server | undefined;
let ticker: Ticker | undefined;

afterEach(async () => {
  await ticker?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = ticker = undefined;
});

/** A cron route stand-in on a free port; `handler` answers the n-th call (0-based). */
async function fakeCronRoute(handler: Handler): Promise<string> {
  let calls = 0;
  server = createServer((request, response) => handler(request, response, calls++));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/cron/tick`;
}

function answer(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function collector() {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, log: (line: string) => lines.push(line), logError: (line: string) => errors.push(line) };
}

describe("startTicker", () => {
  it("logs nothing while ticks are idle, then one line naming the time and job types when a tick runs jobs", async () => {
    const output = collector();
    let seventhCall!: () => void;
    const busyHandled = new Promise<void>((resolve) => (seventhCall = resolve));
    const tickUrl = await fakeCronRoute((_request, response, index) => {
      // Five idle ticks, then a busy one (with jobTypes), then idle ones (without jobTypes).
      answer(response, index === 5 ? busySummary : idleSummary);
      // The ticker calls again only once it has handled the previous answer.
      if (index === 6) seventhCall();
    });
    const clock = () => new Date(2026, 11, 1, 9, 41, 7);
    ticker = startTicker({ tickUrl, secret: "s", intervalMs: 5, clock, ...output });
    await busyHandled;
    await ticker.stop();

    expect(output.errors).toEqual([]);
    expect(output.lines).toEqual([
      "09:41:07 tick t_busy: claimed 2 (demo.ping 2), ok 2, failed 0, dead 0, recurring 0, lag 0ms, 5ms",
    ]);
  });

  it("says it is idle at most once per idleLogEveryMs", async () => {
    const output = collector();
    let seventhCall!: () => void;
    const sixHandled = new Promise<void>((resolve) => (seventhCall = resolve));
    const tickUrl = await fakeCronRoute((_request, response, index) => {
      answer(response, idleSummary);
      if (index === 6) seventhCall();
    });
    // Every reading of the clock is a minute later than the one before.
    let minutes = 0;
    const clock = () => new Date(2026, 11, 1, 9, minutes++, 0);
    ticker = startTicker({ tickUrl, secret: "s", intervalMs: 5, clock, idleLogEveryMs: 3 * 60_000, ...output });
    await sixHandled;
    await ticker.stop();

    // Readings: start 09:00, ticks at 09:01, 09:02, 09:03 (line), 09:04, 09:05, 09:06 (line).
    expect(output.lines.slice(0, 2)).toEqual([
      "09:03:00 idle: 3 ticks since 09:00:00 ran nothing",
      "09:06:00 idle: 3 ticks since 09:03:00 ran nothing",
    ]);
  });

  it("stops at once, aborting a staying call instead of waiting for it", async () => {
    const output = collector();
    let requestArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
    let requestAborted!: () => void;
    const aborted = new Promise<void>((resolve) => (requestAborted = resolve));
    const tickUrl = await fakeCronRoute((request) => {
      // A staying tick that never ends: the route answers only when its budget is spent.
      request.socket.once("close", () => requestAborted());
      requestArrived();
    });
    ticker = startTicker({ tickUrl, secret: "s", intervalMs: 60_000, ...output });
    await arrived;

    const stopped = ticker.stop().then(() => "stopped" as const);
    // The old ticker granted the call 5 s before aborting it; 2 s is plenty for an abort.
    const tooSlow = new Promise<"too slow">((resolve) => setTimeout(() => resolve("too slow"), 2_000).unref());
    expect(await Promise.race([stopped, tooSlow])).toBe("stopped");
    await aborted;
    expect(output.errors).toEqual([]); // an abort asked for is not a failure
  });
});
