// GET /api/cron/tick over real HTTP: the secret is required, bad params change nothing, and a
// tick at a future instant (time travel, enabled on the e2e server) runs the job due then.
import { cronAuth, expect, test, uniqueMarker } from "./fixtures.ts";

test("the cron route refuses callers without the right secret", async ({ request }) => {
  const missing = await request.get("/api/cron/tick");
  expect(missing.status()).toBe(401);
  expect(await missing.json()).toEqual({ error: expect.stringContaining("Authorization") });

  const wrong = await request.get("/api/cron/tick", { headers: { authorization: "Bearer not-the-secret" } });
  expect(wrong.status()).toBe(401);
  expect(await wrong.json()).toEqual({ error: "wrong cron secret" });

  const notBearer = await request.get("/api/cron/tick", { headers: { authorization: "e2e-secret" } });
  expect(notBearer.status()).toBe(401);
});

test("with the secret it ticks and answers a summary", async ({ request }) => {
  const response = await request.get("/api/cron/tick?mode=drain", { headers: cronAuth });
  expect(response.status(), await response.text()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  const summary = await response.json();
  expect(summary).toMatchObject({
    tickId: expect.stringMatching(/^t_/),
    mode: "drain",
    claimed: expect.any(Number),
    succeeded: expect.any(Number),
    failed: expect.any(Number),
    dead: expect.any(Number),
    recurringEnqueued: expect.any(Number),
    lagMs: expect.any(Number),
    durationMs: expect.any(Number),
  });
  expect(Number.isNaN(Date.parse(summary.now))).toBe(false);
});

test("bad query params get a 400 with the reason, and no tick", async ({ request }) => {
  for (const [query, reason] of [
    ["now=next-tuesday", "now: expected an ISO instant"],
    ["now=2026-02-30T00:00:00Z", "now: expected an ISO instant"],
    ["mode=sometimes", "mode:"],
    ["budgetMs=-5", "budgetMs:"],
    ["nwo=2026-12-01T00:00:00Z", "unknown parameter(s): nwo"],
  ]) {
    const response = await request.get(`/api/cron/tick?${query}`, { headers: cronAuth });
    expect(response.status(), query).toBe(400);
    expect((await response.json()).error, query).toContain(reason);
  }
});

test("a tick at a future instant runs the job due then", async ({ page, request, db, scheduleDemoPing }) => {
  const marker = uniqueMarker();
  const runAt = new Date("2027-07-01T12:00:00.000Z"); // a fixed instant: the tick travels to it
  const job = await scheduleDemoPing({ runAt, subject: { type: "booking", id: marker } });
  const anHourBefore = new Date(runAt.getTime() - 3_600_000).toISOString();
  // The notice says the instant in the operator's display zone (UTC here), in words, not raw ISO.
  const shownAs = "as of 2027-07-01 11:00:00 UTC";
  const row = page.getByRole("row", { name: new RegExp(`booking:${marker}`) });

  await page.goto(`/agenda?now=${encodeURIComponent(anHourBefore)}`);
  await expect(page.getByRole("status")).toContainText(shownAs);
  await expect(row).toContainText("in 1 hour");
  await expect(row.getByText("pending", { exact: true })).toBeVisible();

  const tickAt = new Date(runAt.getTime() + 1000).toISOString();
  const response = await request.get(`/api/cron/tick?mode=drain&now=${encodeURIComponent(tickAt)}`, { headers: cronAuth });
  expect(response.status(), await response.text()).toBe(200);
  const summary = await response.json();
  expect(summary.succeeded).toBeGreaterThanOrEqual(1);
  expect(summary.now).toBe(tickAt);

  // Done: it leaves the agenda (which shows work still ahead) and its row says succeeded.
  await page.reload();
  await expect(page.getByRole("status")).toContainText(shownAs);
  await expect(row).toHaveCount(0);
  const stored = await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } });
  expect(stored.status).toBe("succeeded");
  expect(stored.attempts).toBe(1);
});

test("a staying call picks up a job that falls due while it stays, never before its time", async ({ request, db, scheduleDemoPing }) => {
  // Truly wall time: a tick without ?now= runs on the database's clock, so the job is placed
  // on it too, falling due 1.5 s into a 4 s staying call.
  const runAt = new Date(Date.now() + 1_500);
  const job = await scheduleDemoPing({ runAt, subject: { type: "booking", id: uniqueMarker() } });

  const response = await request.get("/api/cron/tick?mode=stay&budgetMs=4000", { headers: cronAuth, timeout: 30_000 });
  expect(response.status(), await response.text()).toBe(200);
  const summary = await response.json();
  expect(summary).toMatchObject({ mode: "stay" });
  expect(summary.claimed).toBeGreaterThanOrEqual(1);
  expect(summary.durationMs).toBeGreaterThanOrEqual(4_000); // it stayed for its whole budget

  const stored = await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id }, include: { runs: true } });
  expect(stored.status).toBe("succeeded");
  expect(stored.runs).toHaveLength(1);
  expect(stored.runs[0]!.startedAt.getTime()).toBeGreaterThanOrEqual(runAt.getTime());
});

test("the cron route alone brings the deployed schedules into an empty table", async ({ request, db }) => {
  // A fresh deployment on a fresh database: nothing was synced by hand.
  await db.$executeRaw`TRUNCATE recurring_schedules, scheduler_state`;
  const response = await request.get("/api/cron/tick?mode=drain", { headers: cronAuth });
  expect(response.status(), await response.text()).toBe(200);
  const schedules = await db.recurringSchedule.findMany({ select: { name: true, jobType: true, retiredAt: true, enabled: true }, orderBy: { name: "asc" } });
  expect(schedules).toEqual([
    { name: "alerts.evaluate", jobType: "alerts.evaluate", retiredAt: null, enabled: true },
    { name: "maintenance.prune-events", jobType: "maintenance.prune-events", retiredAt: null, enabled: true },
    { name: "maintenance.prune-finished-jobs", jobType: "maintenance.prune-finished-jobs", retiredAt: null, enabled: true },
    { name: "maintenance.prune-idempotency-records", jobType: "maintenance.prune-idempotency-records", retiredAt: null, enabled: true },
    { name: "quotas.reset-sweep", jobType: "quotas.reset-sweep", retiredAt: null, enabled: true },
  ]);
  const state = await db.schedulerState.findUnique({ where: { key: "recurring_fingerprint" } });
  expect(JSON.parse(state!.value)).toMatchObject({ fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/), builtAt: expect.any(Number) });
});

test("HEAD never runs a tick", async ({ request, db }) => {
  const before = await db.jobRun.count();
  const head = await request.head("/api/cron/tick?mode=drain", { headers: cronAuth });
  expect(head.status()).toBe(405);
  expect(head.headers()["allow"]).toBe("GET");
  expect(await db.jobRun.count()).toBe(before);
});
