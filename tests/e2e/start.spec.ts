// `npm start` as a newcomer runs it, as a real process with real HTTP: settings are checked
// before anything starts; the README's scripts work against its embedded database with no
// variable set, and say in one line what to do when nothing is running; the URL it prints leads
// to the dashboard after sign-in; with DATABASE_URL it seeds nothing and does not time-travel;
// Ctrl-C does not wait for the ticker's staying call; and a SIGKILLed start leaves no server behind.
// These run after the e2e server has built the app, so npm start finds the build up to date.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDb } from "../../lib/db/client.ts";
import { schedule } from "../../lib/scheduler/index.ts";
import { demoPing } from "../../jobs/index.ts";
import { freePort, isPortFree } from "../../scripts/lib/ports.ts";
import { isAlive, runningLine, runNpmScript, startNpmStart, temporaryDataDir, type ScriptRun } from "../fixtures/start-process.ts";
import { e2eServerState, expect, test } from "./fixtures.ts";

test.describe.configure({ timeout: 180_000 });
// npm start does not go through the e2e server's pooler: once per `npm test` is enough.
test.skip(process.env.DULY_TEST_PGBOUNCER === "1", "npm start is the same with or without the PgBouncer pass");

/** A database of its own on the e2e server's PostgreSQL (directly, not through a pooler), dropped afterwards. */
async function withScratchDatabase(work: (url: string) => Promise<void>): Promise<void> {
  const admin = new URL(e2eServerState().directUrl);
  const name = `duly_start_${randomBytes(4).toString("hex")}`;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  admin.pathname = "/postgres";
  try {
    await work(url.toString()); // npm start creates the database itself
  } finally {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
    await client.end();
  }
}

/** Polls `condition` until it holds, failing after `timeoutMs` with `what`. */
async function eventually(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still not true after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("bad settings stop npm start before it starts anything, naming each one", async () => {
  const start = startNpmStart({ DATABASE_URL: "mysql://localhost/duly", CRON_SECRET: "short", PORT: "http" });
  const { code } = await start.exited;
  expect(code, start.output).toBe(2);
  expect(start.output).toContain("PORT: ");
  expect(start.output).toContain("DATABASE_URL: expected a postgresql:// connection string");
  expect(start.output).toContain("CRON_SECRET: must be at least 16 characters");
  expect(start.output).toContain("nothing was started");
  expect(start.output).not.toMatch(/using DATABASE_URL|embedded PostgreSQL|next build|Duly is running/);
});

/** A script's run as one string, for failure messages. */
const shown = (run: ScriptRun) => `exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`;

/** One line on stderr, naming npm start and DATABASE_URL, a non-zero exit and no stack trace. */
function expectNothingRunningHint(run: ScriptRun, name: string, why: RegExp): void {
  expect(run.code, shown(run)).toBe(2);
  expect(run.stdout, shown(run)).toBe("");
  expect(run.stderr.trim().split("\n"), shown(run)).toHaveLength(1);
  expect(run.stderr, shown(run)).toMatch(new RegExp(`^${name}: no database: DATABASE_URL is unset and `));
  expect(run.stderr, shown(run)).toMatch(why);
  expect(run.stderr, shown(run)).toContain("Start Duly with `npm start`");
  expect(run.stderr, shown(run)).not.toMatch(/\n\s+at |Error:/);
}

// Before: every one of these scripts died with "SettingsError: bad settings: DATABASE_URL:
// Invalid input: expected string, received undefined" and a stack trace (db:migrate and
// operator:create with that message alone) while npm start was serving its embedded database.
test("the README's scripts work against npm start's embedded database with no variable set; its URL leads to the dashboard", async ({ browser }) => {
  // Nine processes one after another, each a Node start-up: minutes on a busy machine.
  test.setTimeout(600_000);
  const dataDir = await temporaryDataDir();
  const [port, pgPort] = [await freePort(), await freePort()];
  const scriptEnv = { DULY_DATA_DIR: dataDir.path };
  // Nothing running yet in this data directory: one line saying what to do.
  expectNothingRunningHint(await runNpmScript(["apikey:list"], scriptEnv), "apikey", /npm start is not running here \(no \S+running\.json\)/);
  const start = startNpmStart({ PORT: String(port), PGPORT_EMBEDDED: String(pgPort), DULY_DATA_DIR: dataDir.path, DULY_TICKER: "0" });
  try {
    const [, url] = await start.waitFor(runningLine, 240_000);
    // Where it is: the root URL, the database, the demo sign-ins.
    expect(url).toBe(`http://localhost:${port}`);
    expect(start.output).toContain(`database: embedded PostgreSQL postgresql://postgres:***@127.0.0.1:${pgPort}/duly`);
    expect(start.output).toMatch(/demo operator: operator@duly\.demo \/ \S+/);

    const created = await runNpmScript(["apikey:create", "--", "--name", "newcomer"], scriptEnv);
    expect(created.code, shown(created)).toBe(0);
    const [, prefix] = created.stderr.match(/created API key (duly_[0-9a-f]+)/) ?? [];
    expect(created.stdout.trim(), shown(created)).toMatch(new RegExp(`^${prefix}_\\S+$`));
    const listed = await runNpmScript(["apikey:list"], scriptEnv);
    expect(listed.code, shown(listed)).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${prefix}\\s+app\\s+active.*newcomer`));
    const revoked = await runNpmScript(["apikey:revoke", "--", "--prefix", prefix!], scriptEnv);
    expect(revoked.code, shown(revoked)).toBe(0);
    expect(revoked.stderr).toContain(`API key ${prefix} is revoked`);

    const password = `newcomer-${randomBytes(8).toString("hex")}`;
    const operator = await runNpmScript(["operator:create", "--", "--email", "first@example.com", "--name", "First Operator"], scriptEnv, `${password}\n`);
    expect(operator.code, shown(operator)).toBe(0);
    expect(operator.stdout).toContain("Created operator first@example.com");
    const revokedSessions = await runNpmScript(["operator:create", "--", "--revoke-sessions", "viewer@duly.demo"], scriptEnv);
    expect(revokedSessions.code, shown(revokedSessions)).toBe(0);
    expect(revokedSessions.stdout).toMatch(/Ended \d+ session\(s\) of viewer@duly\.demo/);

    const checked = await runNpmScript(["jobs:check"], scriptEnv);
    expect(checked.code, shown(checked)).toBe(0);
    expect(checked.stdout).toMatch(/jobs:check: all \d+ pending or dead job payloads fit/);
    const migrated = await runNpmScript(["db:migrate"], scriptEnv);
    expect(migrated.code, shown(migrated)).toBe(0);
    expect(migrated.stdout).toContain("(npm start's embedded database)");
    expect(migrated.stdout).toContain("0 migration(s) applied");

    // The URL npm start printed, in a browser: the sign-in page, then the dashboard with its
    // navigation, as the operator the script just created.
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(url!);
      await expect(page).toHaveURL(/\/sign-in/);
      await page.getByLabel("Email").fill("first@example.com");
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible({ timeout: 30_000 });
      await expect(page).toHaveURL(`${url}/overview`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
    } finally {
      await context.close();
    }

    // Stopped: the record is gone, and the scripts say so in one line again.
    start.child.kill("SIGINT");
    expect((await start.exited).code, start.output).toBe(0);
    expectNothingRunningHint(await runNpmScript(["jobs:check"], scriptEnv), "jobs:check", /npm start is not running here/);
  } finally {
    if (start.child.exitCode === null && start.child.signalCode === null) process.kill(-start.child.pid!, "SIGKILL");
    await dataDir.remove();
  }
});

test("with DATABASE_URL it seeds nothing, refuses ?now=, and Ctrl-C does not wait for the staying tick", async ({ request }) => {
  await withScratchDatabase(async (databaseUrl) => {
    const dataDir = await temporaryDataDir();
    // A long staying call, so one is certainly in flight when Ctrl-C comes.
    const start = startNpmStart({ DATABASE_URL: databaseUrl, PORT: String(await freePort()), DULY_DATA_DIR: dataDir.path, DULY_TICK_INTERVAL_MS: "60000" });
    const db = createDb(databaseUrl, { poolSize: 1 });
    try {
      const [, baseUrl] = await start.waitFor(runningLine);
      expect(start.output).toContain("no demo data (DATABASE_URL is set; DULY_SEED=1 seeds it there explicitly)");
      expect(await db.scheduledJob.count({ where: { key: { startsWith: "demo-seed:" } } })).toBe(0);

      // Time travel is off with a real database: ?now= is refused with a 400, not a 200 error box.
      const travel = await request.get(`${baseUrl}/agenda?now=2027-01-01T00:00:00Z`);
      expect(travel.status()).toBe(400);
      expect(await travel.text()).toContain("time travel is disabled on this server");

      // A job due now runs: the ticker's staying call (60 s) is under way from here on.
      await start.waitFor(/ticker: GET/);
      const job = await db.$transaction((tx) => schedule(tx, demoPing, { runAt: new Date(), payload: { note: "start test" } }));
      await eventually("the ticker ran the job due now", async () => (await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).status === "succeeded");

      start.child.kill("SIGINT");
      const { code } = await start.exited;
      expect(code, start.output).toBe(0);
      // The old ticker waited 5 s for the call, and next start then waited out the rest of it.
      const [, tickerMs] = start.output.match(/stopped ticker \((\d+) ms\)/) ?? [];
      const [, nextMs] = start.output.match(/stopped next \((\d+) ms\)/) ?? [];
      expect(Number(tickerMs), start.output).toBeLessThan(1_000);
      expect(Number(nextMs), start.output).toBeLessThan(5_000);
    } finally {
      if (start.child.exitCode === null) process.kill(-start.child.pid!, "SIGKILL");
      await db.$disconnect();
      await dataDir.remove();
    }
  });
});

test("SIGKILL on npm start takes its Next server and embedded PostgreSQL down too", async () => {
  const dataDir = await temporaryDataDir();
  const [port, pgPort] = [await freePort(), await freePort()];
  const start = startNpmStart({ PORT: String(port), PGPORT_EMBEDDED: String(pgPort), DULY_DATA_DIR: dataDir.path });
  const pids: number[] = [];
  try {
    const [, postgresPid] = await start.waitFor(/embedded PostgreSQL on 127\.0\.0\.1:\d+, pid (\d+)/);
    const [, nextPid] = await start.waitFor(/next start pid (\d+)/);
    pids.push(Number(postgresPid), Number(nextPid));
    // Demo data goes into the embedded database by default.
    expect(start.output).toContain("seeded 14 demo job(s) (embedded database; DULY_SEED=0 turns it off)"); // 9 ahead, 3 dead, 2 failing
    expect(start.output).toContain("seeded 300 demo quota account(s)");
    expect(pids.every(isAlive)).toBe(true);

    // As `timeout -s KILL npm start` does: the whole process group, no chance to clean up.
    process.kill(-start.child.pid!, "SIGKILL");
    expect((await start.exited).signal).toBe("SIGKILL");

    await eventually("Next and PostgreSQL have exited", () => !pids.some(isAlive));
    await eventually(`ports ${port} and ${pgPort} are free`, async () => (await isPortFree(port)) && (await isPortFree(pgPort)));
    // Its record of where the database was is left behind; a script sees that it has exited.
    const hint = await runNpmScript(["apikey:create", "--", "--name", "late"], { DULY_DATA_DIR: dataDir.path });
    expectNothingRunningHint(hint, "apikey", /npm start is not running \(\S+running\.json names pid \d+, which has exited\)/);
  } finally {
    // Whatever this test started must not outlive it, even when it fails.
    if (start.child.exitCode === null && start.child.signalCode === null) process.kill(-start.child.pid!, "SIGKILL");
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, "SIGKILL");
    await dataDir.remove();
  }
});
