// The local cron: calls GET /api/cron/tick with the secret every interval, the same
// code path Vercel Cron takes in production, and logs one line per tick.
import { z } from "zod";

/** The fields of the tick's JSON answer the log line needs (lib/scheduler TickSummary). */
const tickSummary = z.object({
  tickId: z.string(),
  claimed: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  dead: z.number(),
  leaseLost: z.number().default(0),
  recovered: z.number().default(0),
  recurringEnqueued: z.number(),
  lagMs: z.number(),
  durationMs: z.number(),
  errors: z.array(z.string()).default([]),
});
export type TickSummaryLine = z.output<typeof tickSummary>;

/** `tick t_abc: claimed 3, ok 3, failed 0, dead 0, recurring 1, lag 120ms, 45ms` */
export function formatTickLine(summary: TickSummaryLine): string {
  const parts = [
    `claimed ${summary.claimed}`,
    `ok ${summary.succeeded}`,
    `failed ${summary.failed}`,
    `dead ${summary.dead}`,
    `recurring ${summary.recurringEnqueued}`,
  ];
  // Rare events are shown only when they happen.
  if (summary.recovered > 0) parts.push(`recovered ${summary.recovered}`);
  if (summary.leaseLost > 0) parts.push(`lease lost ${summary.leaseLost}`);
  parts.push(`lag ${Math.round(summary.lagMs)}ms`, `${Math.round(summary.durationMs)}ms`);
  const errors = summary.errors.length > 0 ? ` (errors: ${summary.errors.join("; ")})` : "";
  return `tick ${summary.tickId}: ${parts.join(", ")}${errors}`;
}

export interface TickerOptions {
  /** Full URL of the tick route, query included. */
  tickUrl: string;
  secret: string;
  intervalMs: number;
  log: (line: string) => void;
  logError: (line: string) => void;
  /** Abort one call after this long (the route's maxDuration is 60 s). */
  requestTimeoutMs?: number;
}

export interface Ticker {
  /** Lets an in-flight tick finish (up to a few seconds), then stops. */
  stop(): Promise<void>;
}

export function startTicker({ tickUrl, secret, intervalMs, log, logError, requestTimeoutMs = 70_000 }: TickerOptions): Ticker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  const abort = new AbortController();

  async function tickOnce(): Promise<void> {
    try {
      const response = await fetch(tickUrl, {
        headers: { authorization: `Bearer ${secret}` },
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(requestTimeoutMs)]),
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const error = z.object({ error: z.string() }).safeParse(body);
        logError(`tick failed: HTTP ${response.status}${error.success ? `: ${error.data.error}` : ""}`);
        return;
      }
      const summary = tickSummary.safeParse(body);
      if (summary.success) log(formatTickLine(summary.data));
      else logError(`tick answered with an unexpected body: ${JSON.stringify(body)}`);
    } catch (error) {
      if (!stopped) logError(`tick failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // One call at a time: the next starts `intervalMs` after the previous one started, or right
  // after it ended when it took longer than that.
  function scheduleNext(delayMs: number): void {
    timer = setTimeout(() => {
      const startedAt = Date.now();
      inFlight = tickOnce().finally(() => {
        inFlight = undefined;
        if (!stopped) scheduleNext(Math.max(0, intervalMs - (Date.now() - startedAt)));
      });
    }, delayMs);
  }
  scheduleNext(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (inFlight) {
        const grace = setTimeout(() => abort.abort(), 5_000);
        await inFlight;
        clearTimeout(grace);
      }
    },
  };
}
