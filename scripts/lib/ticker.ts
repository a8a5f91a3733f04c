// The local cron: calls GET /api/cron/tick with the secret, back to back, the same code path
// Vercel Cron takes in production. It logs a line when a tick did something (with the time of
// day and the job types it ran), and stays quiet when idle apart from a rare "idle" line, so
// the terminal shows what happened rather than a heartbeat.
import { z } from "zod";
import { getJson } from "./get-json.ts";

/** The fields of the tick's JSON answer the log line needs (lib/scheduler TickSummary). */
const tickSummary = z.object({
  tickId: z.string(),
  claimed: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  dead: z.number(),
  leaseLost: z.number().default(0),
  deferred: z.number().default(0),
  recovered: z.number().default(0),
  recurringEnqueued: z.number(),
  lagMs: z.number(),
  durationMs: z.number(),
  errors: z.array(z.string()).default([]),
  /** Jobs claimed per job type; optional so the ticker also works against engines without it. */
  jobTypes: z.record(z.string(), z.number()).default({}),
});
export type TickSummaryLine = z.output<typeof tickSummary>;

/** Whether a tick did anything worth a line: ran jobs, recovered some, enqueued some, or failed. */
export function tickDidSomething(summary: TickSummaryLine): boolean {
  return summary.claimed > 0 || summary.recovered > 0 || summary.recurringEnqueued > 0 || summary.leaseLost > 0 || summary.errors.length > 0;
}

/** 09:41:07, in the machine's time zone: the terminal is read by someone in it. */
export function timeOfDay(at: Date): string {
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((part) => String(part).padStart(2, "0")).join(":");
}

/** `demo.ping 2, booking.close-event 1`: most frequent first, then by name. */
function formatJobTypes(jobTypes: Record<string, number>): string {
  return Object.entries(jobTypes)
    .filter(([, count]) => count > 0)
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .map(([type, count]) => `${type} ${count}`)
    .join(", ");
}

/** `09:41:07 tick t_abc: claimed 3 (demo.ping 3), ok 3, failed 0, dead 0, recurring 1, lag 120ms, 45ms` */
export function formatTickLine(summary: TickSummaryLine, at: Date): string {
  const types = formatJobTypes(summary.jobTypes);
  const parts = [
    `claimed ${summary.claimed}${types ? ` (${types})` : ""}`,
    `ok ${summary.succeeded}`,
    `failed ${summary.failed}`,
    `dead ${summary.dead}`,
    `recurring ${summary.recurringEnqueued}`,
  ];
  // Rare events are shown only when they happen.
  if (summary.recovered > 0) parts.push(`recovered ${summary.recovered}`);
  if (summary.leaseLost > 0) parts.push(`lease lost ${summary.leaseLost}`);
  if (summary.deferred > 0) parts.push(`deferred ${summary.deferred}`);
  parts.push(`lag ${Math.round(summary.lagMs)}ms`, `${Math.round(summary.durationMs)}ms`);
  const errors = summary.errors.length > 0 ? ` (errors: ${summary.errors.join("; ")})` : "";
  return `${timeOfDay(at)} tick ${summary.tickId}: ${parts.join(", ")}${errors}`;
}

/** `09:46:07 idle: 30 ticks since 09:41:07 ran nothing` */
export function formatIdleLine(idleTicks: number, since: Date, at: Date): string {
  return `${timeOfDay(at)} idle: ${idleTicks} tick${idleTicks === 1 ? "" : "s"} since ${timeOfDay(since)} ran nothing`;
}

export interface TickerOptions {
  /** Full URL of the tick route, query included. */
  tickUrl: string;
  secret: string;
  intervalMs: number;
  log: (line: string) => void;
  logError: (line: string) => void;
  /** Abort one call after this long (a staying call lasts intervalMs). */
  requestTimeoutMs?: number;
  /** While nothing happens, one "idle" line at most this often. */
  idleLogEveryMs?: number;
  /** The clock for the log lines (tests pass their own). */
  clock?: () => Date;
}

export interface Ticker {
  /** Aborts the call in flight at once (the server's tick is not waited for) and stops. */
  stop(): Promise<void>;
}

export function startTicker({ tickUrl, secret, intervalMs, log, logError, requestTimeoutMs = 70_000, idleLogEveryMs = 300_000, clock = () => new Date() }: TickerOptions): Ticker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  const abort = new AbortController();
  // The quiet stretch so far: when it began (the last line) and how many idle ticks it holds.
  let quietSince = clock();
  let idleTicks = 0;

  function report(summary: TickSummaryLine): void {
    const at = clock();
    if (tickDidSomething(summary)) {
      log(formatTickLine(summary, at));
      quietSince = at;
      idleTicks = 0;
      return;
    }
    idleTicks += 1;
    if (at.getTime() - quietSince.getTime() >= idleLogEveryMs) {
      log(formatIdleLine(idleTicks, quietSince, at));
      quietSince = at;
      idleTicks = 0;
    }
  }

  async function tickOnce(): Promise<void> {
    try {
      const { status, body } = await getJson(tickUrl, {
        headers: { authorization: `Bearer ${secret}` },
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(requestTimeoutMs)]),
      });
      if (status !== 200) {
        const error = z.object({ error: z.string() }).safeParse(body);
        logError(`${timeOfDay(clock())} tick failed: HTTP ${status}${error.success ? `: ${error.data.error}` : ""}`);
        return;
      }
      const summary = tickSummary.safeParse(body);
      if (summary.success) report(summary.data);
      else logError(`${timeOfDay(clock())} tick answered with an unexpected body: ${JSON.stringify(body)}`);
    } catch (error) {
      // Aborted by stop(): not a failure.
      if (!stopped) logError(`${timeOfDay(clock())} tick failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // One call at a time: the next starts `intervalMs` after the previous one started, or right
  // after it ended when it took longer than that.
  function scheduleNext(delayMs: number): void {
    timer = setTimeout(() => {
      const startedAt = performance.now(); // monotonic: a wall clock stepped back must not stall the cron
      inFlight = tickOnce().finally(() => {
        inFlight = undefined;
        if (!stopped) scheduleNext(Math.max(0, intervalMs - (performance.now() - startedAt)));
      });
    }, delayMs);
  }
  scheduleNext(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A staying call would hold Ctrl-C for up to its whole budget, mostly spent waiting for
      // work. Dropping it is safe: the server's tick goes on until Next stops, and a job it had
      // claimed and not finished by then is recovered when its lease expires, like after any
      // crash (docs/invariants.md, "nothing lost").
      abort.abort();
      await inFlight;
    },
  };
}
