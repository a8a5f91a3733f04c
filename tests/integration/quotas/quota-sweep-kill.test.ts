// A sweep killed mid-batch (pg_terminate_backend on its backend while its statement runs)
// leaves no account half-reset and none reset twice: the batch that was running rolls back as a
// whole (its allowances, its dates and its records together), the batches before it stay, and
// the next sweep resets exactly the accounts that were left, once each. Both ways of picking a
// batch are killed: through the index, and while walking the table (a large due set).
//
// "Mid-batch" is not left to timing: a trigger that exists only in this test's database makes
// the sweep's INSERT of one chosen account's reset record wait on an advisory lock the test
// holds. By then the statement has already updated its whole batch of accounts and written some
// records; the test sees the backend waiting on that lock and terminates it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import pg from "pg";
import { createDb } from "../../../lib/db/client.ts";
import { createAccount, plans, resetDueAccounts, resetDueAccountsInTransaction } from "../../../lib/quotas/index.ts";
import { useTestDatabase } from "../../helpers/database.ts";

const database = useTestDatabase();
const now = new Date("2026-03-10T12:00:00Z");
const gateKey = 7_007;
const accounts = 6_000;
const batchSize = 500;

let attacker: pg.Client;

beforeEach(async () => {
  // TRUNCATE, not emptyTables: its ACCESS EXCLUSIVE lock waits out any backend the last test killed or stranded.
  await database.db.$executeRaw`TRUNCATE quota_accounts, quota_resets RESTART IDENTITY`;
  // Session-level lock and pg_terminate_backend: a direct connection of its own.
  attacker = new pg.Client({ connectionString: database.directUrl });
  await attacker.connect();
  // Test-only: the INSERT of the record of the account named 'gate' waits for the test's lock.
  await attacker.query(`
    CREATE OR REPLACE FUNCTION test_reset_gate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (SELECT name FROM quota_accounts WHERE id = NEW.account_id) = 'gate' THEN
        PERFORM pg_advisory_xact_lock_shared(${gateKey});
      END IF;
      RETURN NEW;
    END $$`);
  await attacker.query("CREATE OR REPLACE TRIGGER test_reset_gate BEFORE INSERT ON quota_resets FOR EACH ROW EXECUTE FUNCTION test_reset_gate()");
  await attacker.query("SELECT pg_advisory_lock($1)", [gateKey]);
});

afterEach(async () => {
  await attacker.query("DROP TRIGGER IF EXISTS test_reset_gate ON quota_resets");
  await attacker.end();
});

/**
 * `accounts` due accounts, allowances used up: one through the real creation path, copied in
 * SQL, anchors Feb 1-9 and zones spread; then the gate account, inserted last (the end of the
 * table) with `gateAnchor`.
 */
async function dueAccounts(gateAnchor: string): Promise<void> {
  const { db } = database;
  await createAccount(db, { name: "template", plan: "pro", anchorOn: "2026-02-01", timeZone: "UTC" }, new Date("2026-02-01T12:00:00Z"));
  await db.$executeRaw`
    INSERT INTO quota_accounts (name, plan, pages, questions, questions_gpt4, documents, anchor_on, time_zone, next_reset_on, next_reset_at)
    SELECT 'copy ' || g, (ARRAY['free', 'pro', 'business']::quota_plan[])[1 + g % 3], 0, 0, 0, 0, anchor, zone,
           (anchor + interval '1 month')::date, quota_local_day_start((anchor + interval '1 month')::date, zone)
      FROM generate_series(1, ${accounts - 2}::int) g
      CROSS JOIN LATERAL (SELECT date '2026-02-01' + (g % 9) AS anchor, (ARRAY['UTC', 'Europe/Berlin', 'Asia/Tokyo'])[1 + g % 3] AS zone) x`;
  await db.$executeRaw`UPDATE quota_accounts SET pages = 0, questions = 0, questions_gpt4 = 0, documents = 0 WHERE name = 'template'`;
  await db.$executeRaw`
    INSERT INTO quota_accounts (name, plan, pages, questions, questions_gpt4, documents, anchor_on, time_zone, next_reset_on, next_reset_at)
    VALUES ('gate', 'business', 0, 0, 0, 0, ${gateAnchor}::date, 'UTC', (${gateAnchor}::date + interval '1 month')::date,
            quota_local_day_start((${gateAnchor}::date + interval '1 month')::date, 'UTC'))`;
}

/** Waits until a backend of this database waits for the gate, terminates it, and says how many it killed. */
async function killTheGatedSweep(): Promise<number> {
  for (let i = 0; i < 1_200; i++) {
    const { rows } = await attacker.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(l.pid))::int AS n FROM pg_locks l
        WHERE l.locktype = 'advisory' AND NOT l.granted AND l.objid = $1 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [gateKey],
    );
    if (rows[0]!.n > 0) return rows[0]!.n;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return 0;
}

interface AccountState {
  id: bigint;
  name: string;
  plan: keyof typeof plans;
  pages: number;
  questions: number;
  questionsGpt4: number;
  documents: number;
  nextResetOn: string;
  restoredOn: string | null;
  records: number;
}

async function accountStates(): Promise<AccountState[]> {
  return database.db.$queryRaw<AccountState[]>`
    SELECT a.id, a.name, a.plan::text AS plan, a.pages, a.questions, a.questions_gpt4 AS "questionsGpt4", a.documents,
           to_char(a.next_reset_on, 'YYYY-MM-DD') AS "nextResetOn", to_char(a.restored_on, 'YYYY-MM-DD') AS "restoredOn",
           (SELECT count(*)::int FROM quota_resets r WHERE r.account_id = a.id) AS records
      FROM quota_accounts a ORDER BY a.id`;
}

/** Each account is either untouched (still due, allowances used up, no record) or wholly reset once (plan's values, next month, one record). */
function classify(states: AccountState[]): { untouched: number; resetOnce: number; broken: string[] } {
  let untouched = 0;
  let resetOnce = 0;
  const broken: string[] = [];
  for (const s of states) {
    const plan = plans[s.plan];
    const isUntouched = s.records === 0 && s.restoredOn === null && s.nextResetOn <= "2026-03-10" &&
      s.pages === 0 && s.questions === 0 && s.questionsGpt4 === 0 && s.documents === 0;
    const isReset = s.records === 1 && s.restoredOn !== null && s.nextResetOn.startsWith("2026-04") &&
      s.pages === plan.pages && s.questions === plan.questions && s.questionsGpt4 === plan.questionsGpt4 && s.documents === plan.documents;
    if (isUntouched) untouched++;
    else if (isReset) resetOnce++;
    else broken.push(`${s.id} ${s.name}: ${JSON.stringify({ ...s, id: String(s.id) })}`);
  }
  return { untouched, resetOnce, broken };
}

describe("a sweep killed mid-batch", () => {
  // The gate account's next reset is the latest of all (anchor Feb 10): the index batch (most
  // overdue first) never picks it, so the sweep is killed while walking the table, in the batch
  // that reaches its last rows, with earlier batches committed.
  it.each([
    { where: "while walking the table", gateAnchor: "2026-02-10", killedFirst: false },
    // Anchor Jan 10: the most overdue of all, so the very first batch (through the index) holds it.
    { where: "in the first batch, through the index", gateAnchor: "2026-01-10", killedFirst: true },
  ])("$where: no account half-reset, none reset twice; the next sweep resets exactly the rest, once each", { timeout: 120_000 }, async ({ gateAnchor, killedFirst }) => {
    await dueAccounts(gateAnchor);
    const victim = createDb(database.directUrl, { poolSize: 1 }); // its backend is the one killed: direct
    try {
      // Its failure is caught at once: it rejects while the test is still waiting for the kill
      // query's answer, and a rejection nobody handles yet is an unhandled rejection.
      const sweeping = resetDueAccounts(victim, { now, sweptBy: "killed", batchSize }).then(
        () => new Error("the killed sweep finished"),
        (error: unknown) => error,
      );
      expect(await killTheGatedSweep()).toBe(1);
      expect(String(await sweeping)).toMatch(/terminat/i);
    } finally {
      await victim.$disconnect().catch(() => undefined);
    }

    const afterKill = classify(await accountStates());
    expect(afterKill.broken).toEqual([]);
    expect(afterKill.untouched + afterKill.resetOnce).toBe(accounts);
    // The killed batch left nothing: what was reset is whole batches committed before it.
    expect(afterKill.resetOnce % batchSize).toBe(0);
    if (killedFirst) expect(afterKill.resetOnce).toBe(0);
    else expect(afterKill.resetOnce).toBeGreaterThan(batchSize); // the index batch and at least one walk batch committed
    const gate = (await accountStates()).find((s) => s.name === "gate")!;
    expect(gate.records).toBe(0);

    // The gate opens; the next sweep finds exactly the rest.
    await attacker.query("SELECT pg_advisory_unlock($1)", [gateKey]);
    const next = await resetDueAccounts(database.db, { now, sweptBy: "next", batchSize });
    expect(next.reset).toBe(afterKill.untouched);
    const final = classify(await accountStates());
    expect(final).toEqual({ untouched: 0, resetOnce: accounts, broken: [] });
    expect((await resetDueAccounts(database.db, { now, sweptBy: "again", batchSize })).reset).toBe(0);
  });

  it("in a job's transaction: the whole run rolls back, and its retry resets every account once", { timeout: 120_000 }, async () => {
    await dueAccounts("2026-02-10");
    const victim = createDb(database.directUrl, { poolSize: 1 });
    try {
      const run = victim
        .$transaction((tx) => resetDueAccountsInTransaction(tx, { now, sweptBy: "killed job", batchSize }), { timeout: 100_000 })
        .then(() => "finished", () => "failed"); // caught at once, as above
      expect(await killTheGatedSweep()).toBe(1);
      expect(await run).toBe("failed");
    } finally {
      await victim.$disconnect().catch(() => undefined);
    }
    expect(classify(await accountStates())).toEqual({ untouched: accounts, resetOnce: 0, broken: [] });
    await attacker.query("SELECT pg_advisory_unlock($1)", [gateKey]);
    const retry = await database.db.$transaction((tx) => resetDueAccountsInTransaction(tx, { now, sweptBy: "retry", batchSize }), { timeout: 100_000 });
    expect(retry.reset).toBe(accounts);
    expect(classify(await accountStates())).toEqual({ untouched: 0, resetOnce: accounts, broken: [] });
  });
});
