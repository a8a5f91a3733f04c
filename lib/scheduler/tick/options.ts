// What a caller asks of a tick (the cron route, the local ticker, tests, the bench).
import type { Db } from "../../db/client.ts";
import type { Catalogue } from "../job-definition.ts";

export type TickMode = "drain" | "stay";

export interface TickOptions {
  db: Db;
  catalogue: Catalogue;
  /**
   * The instant to tick at (tests, time travel): frozen in drain mode, running forward from it
   * in stay mode. Omitted: the database's clock.
   */
  now?: Date;
  /**
   * `now` is a time-travel instant (the route's ?now=, demos and e2e), not the clock: leases
   * follow the real clock, recurring schedules are not advanced, and job types that opt out
   * (inTimeTravel: "skip", e.g. retention) do not run. README: "Time travel".
   */
  travelling?: boolean;
  /** Stop claiming new jobs after this long. Jobs already claimed still finish. */
  budgetMs: number;
  mode?: TickMode;
  tickId?: string;
  /** Lanes: connections running jobs at once (at most the pool's size). */
  concurrency?: number;
  /** Most jobs a lane claims at once (at most a group's 32). */
  maxClaim?: number;
  /** A group transaction takes no new job after this long (see run-job-group.ts). */
  groupWindowMs?: number;
  /** In stay mode, the longest sleep between looks for newly inserted due jobs. */
  pollMs?: number;
  /** In stay mode, LISTEN on this session URL (DIRECT_URL) to start jobs due now at once. */
  listenUrl?: string;
  /** With a LISTEN connection up, the poll is only a fallback: this long. */
  listeningPollMs?: number;
  /** Housekeeping runs about this often (tests lengthen it to isolate other wake-ups). */
  housekeepingEveryMs?: number;
  /** Called each time the tick has found nothing to claim and is about to sleep (stay mode). */
  onIdle?: () => void;
  /**
   * Ends the tick early when aborted (the route passes its request's signal: a caller that went
   * away): no new claim, no more sleeping; jobs already claimed still finish.
   */
  signal?: AbortSignal;
}
