// The tick's phases one at a time, on real PostgreSQL, each on a tick context of its own
// (lib/scheduler/tick/): what the first and later housekeepings leave in the context, the
// recurring sweep asking for a lane, the claim skipping what the first housekeeping already
// knows and adopting what an ended lane may have claimed, the run phase counting and
// measuring, and the idle wait. No phase here needs a whole tick around it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { claim } from "../../helpers/engine.ts";
import { createEffectTables, countJob, testCatalogue, testLeaseMs, typedJob } from "../../fixtures/test-jobs.ts";
import { createDb, pgPoolOf } from "../../../lib/db/client.ts";
import { schedule, type RecurringDefinition, type TickOptions } from "../../../lib/scheduler/index.ts";
import {
  Claimer, firstHousekeeping, housekeepingPhase, Lane, leaveUnansweredClaim, newTickContext, runOptionsOf, runPhase, waitForMoreWork,
  type TickContext,
} from "../../../lib/scheduler/internal.ts";

const database = useTestDatabase();
const t0 = new Date("2027-03-10T12:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const catalogue = testCatalogue();

/** Lanes a test opened, closed after it. */
const openLanes: Lane[] = [];

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "recurring_schedules", "scheduler_state", "job_type_pauses"]);
});

afterEach(() => {
  for (const lane of openLanes.splice(0)) lane.close();
});

function context(options: Partial<TickOptions> = {}, tickId = "t_phases"): TickContext {
  return newTickContext({ db: database.db, catalogue, now: t0, budgetMs: 60_000, ...options }, tickId);
}

async function lane(): Promise<Lane> {
  const opened = await Lane.open(pgPoolOf(database.db));
  openLanes.push(opened);
  return opened;
}

async function due(runAt: Date, job = countJob, payload: object = {}) {
  return database.db.$transaction((tx) => schedule(tx, job as typeof countJob, { runAt, payload: payload as Record<string, never> }));
}

describe("housekeeping phase", () => {
  it("the first one sets the tick's clock (frozen when draining), its start and lag, and whether anything is due", async () => {
    const idle = context({ mode: "drain" });
    await housekeepingPhase(idle, await lane(), true);
    expect(idle.clock()).toEqual(t0);
    expect(idle.leaseClock()).toEqual(t0);
    expect(idle.summary).toMatchObject({ now: t0.toISOString(), lagMs: 0 });
    expect(idle.nothingDueAtStart).toBe(true);
    expect(idle.housekeeping.busy).toBe(false);

    await due(at(-90_000));
    const late = context({ mode: "drain" });
    await housekeepingPhase(late, await lane(), true);
    expect(late.summary.lagMs).toBe(90_000);
    expect(late.nothingDueAtStart).toBe(false);

    const staying = context({ mode: "stay" });
    await housekeepingPhase(staying, await lane(), true);
    expect(staying.clock().getTime()).toBeGreaterThanOrEqual(t0.getTime()); // runs forward from the instant
  });

  it("takes a paused type out of what the claims ask for, and puts it back once resumed", async () => {
    const tick = context();
    const connection = await lane();
    await housekeepingPhase(tick, connection, true);
    expect(tick.types.map((t) => t.jobType)).toContain(countJob.name);
    await database.db.$executeRaw`INSERT INTO job_type_pauses (job_type, paused_by, reason) VALUES (${countJob.name}, 'test', 'incident')`;
    await housekeepingPhase(tick, connection, false);
    expect(tick.types.map((t) => t.jobType)).not.toContain(countJob.name);
    expect(tick.types.map((t) => t.jobType)).toContain(typedJob.name);
    await database.db.$executeRaw`DELETE FROM job_type_pauses`;
    await housekeepingPhase(tick, connection, false);
    expect(tick.types).toEqual(tick.settings.claimableTypes);
  });

  it("returns jobs whose worker died to pending and counts them", async () => {
    const job = await due(at(-1_000));
    expect(await claim(database.db, catalogue, { now: t0, tickId: "t_dead/0" })).toHaveLength(1);
    const later = context({ now: at(testLeaseMs + 1_000) });
    await housekeepingPhase(later, await lane(), true);
    expect(later.summary.recovered).toBe(1);
    expect(await database.db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "pending" });
  });

  it("the first one, with no database to be had: no lane, status unavailable, and no retry", async () => {
    const unreachable = createDb(database.url.replace(/\/([^/?]+)(\?|$)/, "/duly_no_such_database$2"), { poolSize: 1 });
    try {
      const tick = newTickContext({ db: unreachable, catalogue, now: t0, budgetMs: 60_000 }, "t_unreachable");
      expect(await firstHousekeeping(tick)).toBeUndefined();
      expect(tick.summary.status).toBe("unavailable");
      expect(tick.summary.errors).toHaveLength(1);
      expect(tick.summary.errors[0]).toContain("could not get a database connection");
    } finally {
      await unreachable.$disconnect();
    }
  });
});

describe("recurring phase", () => {
  const everyMinute: RecurringDefinition = { name: "phases-every-minute", cron: "* * * * *", timeZone: "UTC", jobType: countJob.name, payload: {} };

  it("a due schedule becomes a job, counted, and asks for a lane to take it", async () => {
    const withSchedule = testCatalogue([everyMinute]);
    const first = newTickContext({ db: database.db, catalogue: withSchedule, now: at(30_000), budgetMs: 60_000 }, "t_rec_1");
    await housekeepingPhase(first, await lane(), true); // records the deployment and reconciles
    expect(first.summary.recurringEnqueued).toBe(0);

    const minuteLater = newTickContext({ db: database.db, catalogue: withSchedule, now: at(91_000), budgetMs: 60_000 }, "t_rec_2");
    let lanesRequested = 0;
    minuteLater.requestLane = () => (lanesRequested += 1);
    await housekeepingPhase(minuteLater, await lane(), true);
    expect(minuteLater.summary.recurringEnqueued).toBe(1);
    expect(lanesRequested).toBe(1);
    expect(minuteLater.nothingDueAtStart).toBe(false);
    expect(minuteLater.housekeeping).toMatchObject({ deploymentRecorded: true, sweepUnfinished: false });
  });
});

describe("claim phase", () => {
  it("the first lane skips its first claim when the first housekeeping found nothing due; no other lane does", async () => {
    const tick = context();
    const connection = await lane();
    await housekeepingPhase(tick, connection, true);
    expect(tick.nothingDueAtStart).toBe(true);
    await due(at(-1_000)); // after the housekeeping looked
    expect(await new Claimer("t_phases/0", true).claim(tick, connection, 8)).toEqual([]);
    expect(tick.nothingDueAtStart).toBe(false); // once only
    expect(await new Claimer("t_phases/0", true).claim(tick, connection, 8)).toHaveLength(1);

    const other = context({}, "t_other");
    await housekeepingPhase(other, connection, true);
    await due(at(-1_000));
    expect(other.nothingDueAtStart).toBe(true);
    expect(await new Claimer("t_other/1", false).claim(other, connection, 8)).toHaveLength(1);
  });

  it("a later claimer adopts the jobs an ended lane may have claimed unanswered, once, and says so", async () => {
    await due(at(-2_000));
    await due(at(-1_000));
    const claimed = await claim(database.db, catalogue, { now: t0, tickId: "t_gone/0" });
    expect(claimed).toHaveLength(2);
    leaveUnansweredClaim("t_gone/0");

    const tick = context({}, "t_adopter");
    const connection = await lane();
    await housekeepingPhase(tick, connection, true);
    const claimer = new Claimer("t_adopter/0", true);
    expect((await claimer.claim(tick, connection, 8)).map((j) => j.id).sort()).toEqual(claimed.map((j) => j.id).sort());
    expect(tick.summary.errors).toEqual(["recovered 2 job(s) whose claim committed on a connection that died"]);
    expect(await claimer.claim(tick, connection, 8)).toEqual([]); // adopted once; nothing else is due
  });

  it("a name whose adoption failed goes back for the next claimer", async () => {
    await due(at(-1_000));
    const claimed = await claim(database.db, catalogue, { now: t0, tickId: "t_gone2/0" });
    leaveUnansweredClaim("t_gone2/0");
    const tick = context({}, "t_adopter2");
    await housekeepingPhase(tick, await lane(), true);
    tick.nothingDueAtStart = false;

    const dead = await lane();
    dead.close(); // the connection is gone before the lookup
    const unlucky = new Claimer("t_adopter2/0", true);
    await expect(unlucky.claim(tick, dead, 8)).rejects.toThrow("closed");
    unlucky.failed();

    const next = await new Claimer("t_adopter2/1", false).claim(tick, await lane(), 8);
    expect(next.map((j) => j.id)).toEqual(claimed.map((j) => j.id));
  });

  it("jobs a lane claimed and then failed to run are found again: by its next claim, or once it ended, by a later tick's", async () => {
    await due(at(-2_000));
    await due(at(-1_000));
    const tick = context({}, "t_runfail");
    const connection = await lane();
    await housekeepingPhase(tick, connection, true);
    tick.nothingDueAtStart = false;

    // The lane's own next claim: what it still holds, not a fresh claim (nothing else is due).
    const claimer = new Claimer("t_runfail/0", true);
    const claimed = await claimer.claim(tick, connection, 8);
    expect(claimed).toHaveLength(2);
    claimer.failed(); // an error escaped the run phase: nothing ran
    expect((await claimer.claim(tick, connection, 8)).map((j) => j.id)).toEqual(claimed.map((j) => j.id));
    expect(tick.summary.errors).toEqual(["recovered 2 job(s) left unrun when a lane's run failed (they run now, same attempt)"]);
    expect(claimer.alreadyCounted).toBe(true); // this tick counted them when it claimed them

    // It fails again, and the lane ends: a later tick adopts them.
    claimer.failed();
    claimer.ended();
    const later = context({}, "t_runfail_later");
    await housekeepingPhase(later, connection, true);
    const adopter = new Claimer("t_runfail_later/0", true);
    const adopted = await adopter.claim(later, connection, 8);
    expect(adopted.map((j) => j.id)).toEqual(claimed.map((j) => j.id));
    expect(adopter.alreadyCounted).toBe(false); // the later tick counts them

    // A run that finished holds nothing: its failure afterwards (the next housekeeping, say) adopts nothing.
    const done = new Claimer("t_runfail/1", false);
    await due(at(-500));
    expect(await done.claim(tick, connection, 8)).toHaveLength(1);
    done.ran();
    done.failed();
    done.ended();
    expect(await new Claimer("t_runfail_later/1", false).claim(later, connection, 8)).toEqual([]);
  });
});

describe("run phase", () => {
  it("counts the claim per type, runs it, measures the cost of a job, and asks for a lane only when the claim came back full", async () => {
    const tick = context();
    const connection = await lane();
    await housekeepingPhase(tick, connection, true);
    let lanesRequested = 0;
    tick.requestLane = () => (lanesRequested += 1);
    const options = runOptionsOf(tick);

    await due(at(-2_000));
    await due(at(-1_000));
    const full = await new Claimer("t_phases/0", false).claim(tick, connection, 2);
    await runPhase(tick, connection, full, 2, options);
    expect(lanesRequested).toBe(1);
    expect(tick.summary).toMatchObject({ claimed: 2, succeeded: 2, jobTypes: { [countJob.name]: 2 } });
    expect(tick.perJobMs).toBeGreaterThan(0);

    await due(at(-500));
    const partial = await new Claimer("t_phases/0", false).claim(tick, connection, 8);
    await runPhase(tick, connection, partial, 8, options);
    expect(lanesRequested).toBe(1);
    expect(tick.summary).toMatchObject({ claimed: 3, succeeded: 3 });
  });
});

describe("idle wait", () => {
  // A poll and a housekeeping far away: the sleep would outlast the budget.
  const sleepy = { mode: "stay" as const, pollMs: 60_000, housekeepingEveryMs: 60_000 };

  it("a notification ends the sleep, and the lane goes on with its budget", async () => {
    const tick = context(sleepy);
    await housekeepingPhase(tick, await lane(), true);
    tick.deadline = performance.now() + 30_000;
    const waiting = waitForMoreWork(tick);
    tick.wake.wakeNow();
    expect(await waiting).toBe(true);
  });

  it("a sleep to the deadline spends the budget: the lane leaves", async () => {
    const tick = context(sleepy);
    await housekeepingPhase(tick, await lane(), true);
    tick.deadline = performance.now() + 20;
    expect(await waitForMoreWork(tick)).toBe(false);
  });
});
