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
import { e2eServerState, expect, test } from "./fixtures.ts";

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
    const probe = await request.get(`${server.url}/api/v1/openapi.json`);
    const serverAhead = Date.parse(probe.headers()["date"]!) - (await dbNow()).getTime();
    expect(Math.abs(serverAhead - skewMs), `the server's clock is ${serverAhead} ms ahead`).toBeLessThan(5_000);

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
    const deadlineAfterDbNow = `${((acceptBy.getTime() - before.getTime()) / hour).toFixed(3)} h after the database's clock`;
    // Soft: a failure here still goes on to show the stamps below.
    expect.soft({ deadlineAfterDbNow, withinRequest: requestedAt >= before && requestedAt <= after }).toEqual({
      deadlineAfterDbNow: expect.stringMatching(/^24\.000 h/),
      withinRequest: true,
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
});
