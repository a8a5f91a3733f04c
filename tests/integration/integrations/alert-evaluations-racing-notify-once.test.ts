// Two alerts.evaluate transactions at once, before any condition row exists (the first ever
// evaluation, or after the table was emptied): the lock on the condition rows locks nothing, so
// both saw "not firing" and both notified "firing". A condition must alert once however many
// evaluations overlap (maxRunning 1 should prevent it; this is the guard behind it).
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { evaluateAlerts } from "../../../lib/alerts/evaluate.ts";
import { saveAlertSettings } from "../../../lib/alerts/settings-store.ts";

const database = useTestDatabase();
const now = new Date("2027-05-03T08:00:00Z");
const options = { allowPrivate: true, sendTimeoutMs: 1_000, heartbeatTimeoutMs: 1_000, smtpUrl: undefined, heartbeatUrl: undefined };

async function waitUntilSomeoneWaitsOnALock(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await database.db.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the second evaluation never waited for the first");
}

beforeEach(async () => {
  await emptyTables(database.db, ["scheduled_jobs", "job_runs", "alert_settings", "alert_conditions", "alert_notifications", "audit_entries"], { restartIdentity: true });
  await database.db.$transaction((tx) =>
    saveAlertSettings(tx, { id: "op-1", email: "olga@ops.test" }, {
      lagSeconds: null, deadJobs: 1, webhookFailingMinutes: null, renotifyMinutes: 60, emailFrom: null, emailTo: null,
      webhookUrl: { kind: "set", url: "http://127.0.0.1:9/alerts" }, heartbeatUrl: { kind: "clear" },
    }, now),
  );
  await database.db.$executeRaw`INSERT INTO scheduled_jobs (job_type, run_at, status) VALUES ('demo.ping', ${now}, 'dead')`;
});

describe("two alert evaluations at once", () => {
  it("notify a condition's firing once", async () => {
    let release!: () => void;
    let evaluated!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const firstEvaluated = new Promise<void>((resolve) => (evaluated = resolve));
    const first = database.db.$transaction(async (tx) => {
      await evaluateAlerts(tx, now, ["demo.ping"], options);
      evaluated();
      await held; // the first keeps its transaction open while the second evaluates
    }, { timeout: 20_000 });
    await firstEvaluated;
    const second = database.db.$transaction((tx) => evaluateAlerts(tx, now, ["demo.ping"], options), { timeout: 20_000 });
    await waitUntilSomeoneWaitsOnALock();
    release();
    await Promise.all([first, second]);
    const firing = await database.db.alertNotification.count({ where: { condition: "dead_jobs", kind: "firing" } });
    expect(firing).toBe(1);
  });
});
