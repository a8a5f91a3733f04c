// One clock, over real HTTP: the API served by a `next start` whose process clock runs five
// minutes ahead of the database's (libfaketime preloaded into that Node process only; the
// database keeps the real clock). A request's instant must be the database's: a booking's accept
// deadline exactly 24 h after the database's clock at the request, and nothing it stamps (the
// booking, its deadline job, a cancellation, the jobs it cancels) later than the database's
// clock when the answer came back. With the web server's clock the deadline came out 24 h 5 min
// after the database's now and the cancellation was stamped five minutes in the future.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import { createApiKey } from "../../lib/api/keys/api-keys.ts";
import { registerChef, registerCustomer, systemActor } from "../../lib/marketplace/index.ts";
import { e2eAuthSecret, e2eCronSecret } from "../../scripts/lib/e2e-state.ts";
import { startNextServer, type NextServer } from "../../scripts/lib/next-server.ts";
import { freePort } from "../../scripts/lib/ports.ts";
import { e2eServerState, expect, test, uniqueMarker } from "./fixtures.ts";

const libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
const skewMs = 5 * 60_000;
const hour = 3_600_000;

test.describe("the API on a web server whose clock runs five minutes ahead of the database's", () => {
  test.skip(!existsSync(libfaketime), "needs Debian's libfaketime (apt-get install faketime)");
  let server: NextServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const state = e2eServerState();
    const port = await freePort();
    server = await startNextServer({
      root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", ".."),
      port,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        DATABASE_URL: state.databaseUrl,
        DIRECT_URL: state.directUrl,
        CRON_SECRET: e2eCronSecret,
        BETTER_AUTH_SECRET: e2eAuthSecret,
        BETTER_AUTH_URL: `http://localhost:${port}`,
        DULY_TIME_TRAVEL: "0",
        DULY_TICKER: "0",
        // Only this server's wall clock is moved; its timers (monotonic) stay real.
        LD_PRELOAD: libfaketime,
        FAKETIME: `+${skewMs / 60_000}m`,
        FAKETIME_DONT_FAKE_MONOTONIC: "1",
      },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("deadlines are 24 h after the database's clock and no stamp lies in its future", async ({ request, db }) => {
    const dbNow = async () => (await db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`)[0]!.now;
    const tag = randomBytes(3).toString("hex");
    const ctx = { db, actor: systemActor("e2e"), now: await dbNow() };
    const customer = await registerCustomer(ctx, { name: `Clock customer ${tag}`, email: `clock.c.${tag}@duly.test` });
    const chef = await registerChef(ctx, { name: `Clock chef ${tag}`, email: `clock.k.${tag}@duly.test` });
    const { token } = await createApiKey(db, { name: `clock ${tag}`, scope: "app" });
    const headers = { authorization: `Bearer ${token}`, "x-acting-as": `customer:${customer.id}` };

    // The skew is real: the server's own Date header runs about five minutes ahead.
    // (A Date header has whole seconds: one second of slack each side.)
    const probeFrom = await dbNow();
    const probe = await request.get(`${server.url}/api/v1/openapi.json`);
    const probeTo = await dbNow();
    const serverSaid = Date.parse(probe.headers()["date"]!);
    expect(serverSaid, `the server said ${new Date(serverSaid).toISOString()}`).toBeGreaterThanOrEqual(probeFrom.getTime() + skewMs - 1_000);
    expect(serverSaid).toBeLessThanOrEqual(probeTo.getTime() + skewMs + 1_000);

    const before = await dbNow();
    const requested = await request.post(`${server.url}/api/v1/bookings`, {
      headers: { ...headers, "idempotency-key": `clock-${tag}` },
      data: { chefId: chef.id, eventAt: new Date(before.getTime() + 30 * 24 * hour).toISOString(), timeZone: "Europe/Berlin", place: "Berlin", priceMinor: 80_00, currency: "EUR" },
    });
    const after = await dbNow();
    expect(requested.status(), await requested.text()).toBe(201);
    const booking = await requested.json();
    const requestedAt = new Date(booking.requestedAt);
    const acceptBy = new Date(booking.acceptBy);
    // The request acted at the database's clock while it was being answered (between `before`
    // and `after`, however slow the machine), and its deadline is exactly 24 h after that.
    // (With the server's clock: requested 298 s after the database's clock had answered.)
    const secondsPastAnswer = Math.round((requestedAt.getTime() - after.getTime()) / 1000);
    expect.soft({ actedWhileAnswering: requestedAt >= before && requestedAt <= after, secondsPastAnswer: Math.max(0, secondsPastAnswer) }).toEqual({
      actedWhileAnswering: true,
      secondsPastAnswer: 0,
    });
    expect.soft(acceptBy.getTime() - requestedAt.getTime()).toBe(24 * hour);
    const [deadline] = await db.$queryRaw<Array<{ run_at: Date }>>`
      SELECT run_at FROM scheduled_jobs WHERE subject_type = 'booking' AND subject_id = ${String(booking.id)} AND status = 'pending'`;
    expect.soft(deadline!.run_at).toEqual(acceptBy);

    const cancelled = await request.post(`${server.url}/api/v1/bookings/${booking.id}/cancel`, { headers, data: { reason: "changed plans" } });
    const afterCancel = await dbNow();
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    // Every stamp on the booking, its jobs and the key's record: never past the database's clock.
    const stamps = await db.$queryRaw<Array<{ what: string; at: Date }>>`
      SELECT 'booking ' || s.what AS what, s.at FROM bookings b,
        LATERAL (VALUES ('requested_at', b.requested_at), ('updated_at', b.updated_at), ('ended_at', b.ended_at)) AS s(what, at)
      WHERE b.id = ${booking.id} AND s.at IS NOT NULL
      UNION ALL
      SELECT 'job ' || j.id || ' ' || s.what, s.at FROM scheduled_jobs j,
        LATERAL (VALUES ('created_at', j.created_at), ('updated_at', j.updated_at), ('cancelled_at', j.cancelled_at), ('finished_at', j.finished_at)) AS s(what, at)
      WHERE j.subject_type = 'booking' AND j.subject_id = ${String(booking.id)} AND s.at IS NOT NULL
      UNION ALL
      SELECT 'idempotency record created_at', created_at FROM idempotency_records WHERE idempotency_key = ${`clock-${tag}`}`;
    expect(stamps.length).toBeGreaterThanOrEqual(6);
    const future = stamps.filter((s) => s.at > afterCancel).map((s) => `${s.what} ${Math.round((s.at.getTime() - afterCancel.getTime()) / 1000)} s ahead`);
    expect(future).toEqual([]);
  });

  test("an operator's action on the dashboard stamps the job and its audit entry by the database's clock", async ({ page, db, scheduleDemoPing, signedIn }) => {
    const dbNow = async () => (await db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`)[0]!.now;
    const job = await scheduleDemoPing({ runAt: new Date("2033-02-03T04:05:06.000Z"), subject: { type: "booking", id: uniqueMarker() } });
    await page.goto(`${server.url}/jobs/${job.id}`);
    await page.getByLabel("Reason for cancelling").fill("clock check");
    await page.getByRole("button", { name: "Cancel job" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Cancelled" })).toBeVisible();
    const after = await dbNow();
    const stamps = await db.$queryRaw<Array<{ what: string; at: Date }>>`
      SELECT 'job ' || s.what AS what, s.at FROM scheduled_jobs j,
        LATERAL (VALUES ('cancelled_at', j.cancelled_at), ('updated_at', j.updated_at), ('finished_at', j.finished_at)) AS s(what, at)
      WHERE j.id = ${job.id} AND s.at IS NOT NULL
      UNION ALL
      SELECT 'audit entry ' || action, at FROM audit_entries WHERE record_type = 'scheduled_job' AND record_id = ${String(job.id)} AND actor_id = ${signedIn!.id}`;
    expect(stamps.map((s) => s.what)).toEqual(expect.arrayContaining(["job cancelled_at", "audit entry job.cancel"]));
    const future = stamps.filter((s) => s.at > after).map((s) => `${s.what} ${Math.round((s.at.getTime() - after.getTime()) / 1000)} s ahead`);
    expect(future).toEqual([]);
  });
});
