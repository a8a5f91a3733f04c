// The engine one step at a time, for tests that need to stop between the steps a tick takes:
// claim, recover, run, reconcile, sweep. Each checks out a connection of the test's pool.
import { pgPoolOf, type Db } from "../../lib/db/client.ts";
import type { Catalogue } from "../../lib/scheduler/index.ts";
import {
  claimDueJobs, clockStartingAt, housekeeping, Lane, runClaimedJobs, startDeploymentTick,
  sweepRecurringSchedules, type AttemptOutcome, type ClaimedJob, type Clock,
} from "../../lib/scheduler/internal.ts";

async function withConnection<T>(db: Db, work: (lane: Lane) => Promise<T>): Promise<T> {
  const lane = await Lane.open(pgPoolOf(db));
  try {
    return await work(lane);
  } finally {
    lane.close();
  }
}

export function claim(
  db: Db,
  catalogue: Catalogue,
  { now, tickId, limit = 10, leaseFrom = now }: { now: Date; tickId: string; limit?: number; leaseFrom?: Date },
): Promise<ClaimedJob[]> {
  return withConnection(db, async (lane) => {
    // As a tick does: the types an operator paused (read by its housekeeping) are not asked for.
    const { rows } = await lane.connection.query<{ job_type: string }>("SELECT job_type FROM job_type_pauses");
    const paused = new Set(rows.map((r) => r.job_type));
    const types = catalogue.claimableTypes(false).filter((t) => !paused.has(t.jobType));
    return claimDueJobs(lane.connection, { now, leaseFrom, tickId, claimer: tickId, limit, types });
  });
}

/** Lease recovery as housekeeping does it, at `now`. */
export async function recover(db: Db, now: Date, catalogue: Catalogue): Promise<Array<{ id: bigint; status: string }>> {
  const result = await withConnection(db, (lane) =>
    housekeeping(lane.connection, { now, travelling: false, withLag: false, recoverLimit: 100, knownTypes: catalogue.all().map((d) => d.name) }),
  );
  return result.recovered;
}

/** Runs one claimed job on its own lane; resolves with its outcome. */
export function runClaimed(db: Db, catalogue: Catalogue, job: ClaimedJob, clock: Clock = clockStartingAt(job.runAt)): Promise<AttemptOutcome> {
  return withConnection(db, async (lane) => {
    let outcome: AttemptOutcome | undefined;
    const errors: string[] = [];
    await runClaimedJobs(lane, [job], {
      catalogue, clock, leaseClock: clock, windowMs: 50,
      cancelBackend: async () => {},
      terminateBackend: async () => {},
      onOutcome: (_job, o) => (outcome = o),
      onError: (message) => errors.push(message),
    });
    if (!outcome) throw new Error(`no outcome for job ${job.id}: ${errors.join("; ")}`);
    return outcome;
  });
}

/** What a tick of the catalogue's deployment does first at `now`: record itself, then reconcile. */
export function reconcile(db: Db, catalogue: Catalogue, now: Date) {
  return withConnection(db, (lane) => startDeploymentTick(lane.connection, catalogue, now));
}

export function sweep(db: Db, catalogue: Catalogue, now: Date, travelling = false) {
  return withConnection(db, (lane) => sweepRecurringSchedules(lane.connection, catalogue, { now, travelling }));
}
