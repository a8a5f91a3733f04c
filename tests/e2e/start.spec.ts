// `npm start` as a newcomer runs it, as a real process with real HTTP: settings are checked
// before anything starts; with DATABASE_URL it seeds nothing and does not time-travel; Ctrl-C
// does not wait for the ticker's staying call; and a SIGKILLed start leaves no server behind.
// These run after the e2e server has built the app, so npm start finds the build up to date.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDb } from "../../lib/db/client.ts";
import { schedule } from "../../lib/scheduler/index.ts";
import { demoPing } from "../../jobs/index.ts";
import { freePort, isPortFree } from "../../scripts/lib/ports.ts";
import { isAlive, startNpmStart, temporaryDataDir } from "../fixtures/start-process.ts";
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

test("with DATABASE_URL it seeds nothing, refuses ?now=, and Ctrl-C does not wait for the staying tick", async ({ request }) => {
  await withScratchDatabase(async (databaseUrl) => {
    const dataDir = await temporaryDataDir();
    // A long staying call, so one is certainly in flight when Ctrl-C comes.
    const start = startNpmStart({ DATABASE_URL: databaseUrl, PORT: String(await freePort()), DULY_DATA_DIR: dataDir.path, DULY_TICK_INTERVAL_MS: "60000" });
    const db = createDb(databaseUrl, { poolSize: 1 });
    try {
      const [, baseUrl] = await start.waitFor(/Duly is running at (\S+)\/agenda/);
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
    expect(start.output).toContain("seeded 9 demo job(s) (embedded database; DULY_SEED=0 turns it off)");
    expect(start.output).toContain("seeded 300 demo quota account(s)");
    expect(pids.every(isAlive)).toBe(true);

    // As `timeout -s KILL npm start` does: the whole process group, no chance to clean up.
    process.kill(-start.child.pid!, "SIGKILL");
    expect((await start.exited).signal).toBe("SIGKILL");

    await eventually("Next and PostgreSQL have exited", () => !pids.some(isAlive));
    await eventually(`ports ${port} and ${pgPort} are free`, async () => (await isPortFree(port)) && (await isPortFree(pgPort)));
  } finally {
    // Whatever this test started must not outlive it, even when it fails.
    if (start.child.exitCode === null && start.child.signalCode === null) process.kill(-start.child.pid!, "SIGKILL");
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, "SIGKILL");
    await dataDir.remove();
  }
});
