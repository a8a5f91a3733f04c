// A key could register endpoints without end (1,000 took a loop): every event then fans out one
// delivery, one job and one HTTP request per endpoint, and the endpoint list grows unpaged. An
// owner has at most maxEnabledEndpoints enabled at once, counted under a per-owner lock so that
// concurrent registrations cannot pass it together; disabling one frees its place, and enabling
// one past the limit is refused the same way.
//
// Disabling freed the place, so a loop of register-then-disable still grew the owner's list (and
// the table, the dashboard's list, GET /webhook-endpoints, which is unpaged) without bound. An
// owner has at most maxEndpoints in all, disabled ones included (409 WEBHOOK_ENDPOINT_LIMIT, as
// past the enabled limit), and the outbox's retention deletes an endpoint disabled for longer
// than it keeps events once none of its deliveries is left, so a place comes back by itself
// (docs/decisions/0048).
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEndpoint, maxEnabledEndpoints, maxEndpoints, setEndpointEnabled } from "../../../lib/webhooks/endpoints.ts";
import { isDulyError } from "../../../lib/errors.ts";
import { createCatalogue, schedule, tick } from "../../../lib/scheduler/index.ts";
import { pruneEventsJob } from "../../../jobs/index.ts";
import { setWebhookOptions } from "../../../lib/webhooks/options.ts";

const database = useTestDatabase();
const t0 = new Date("2027-05-03T08:00:00Z");
const by = { id: "op-1", email: "olga@ops.test" };
// 25 at once queue for the pool and for the owner's lock: Prisma's default 2 s wait for a
// connection and 5 s transaction made a loaded machine's stragglers fail for the wrong reason.
const register = (owner: string, n: number) =>
  database.db.$transaction((tx) => createEndpoint(tx, owner, { url: `http://127.0.0.1:9/hook/${n}`, eventTypes: ["*"] }, t0), { maxWait: 120_000, timeout: 120_000 });

beforeEach(async () => {
  setWebhookOptions({ allowPrivate: true });
  await emptyTables(database.db, ["webhook_endpoints", "events", "event_retention", "scheduled_jobs", "job_runs"], { restartIdentity: true });
});

describe("webhook endpoints per owner", () => {
  it("are refused past the limit, even when registered all at once", async () => {
    const results = await Promise.allSettled(Array.from({ length: maxEnabledEndpoints + 5 }, (_, n) => register("customer:1", n)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(maxEnabledEndpoints);
    for (const r of results.filter((r) => r.status === "rejected")) expect(String(r.reason)).toMatch(/at most 20 enabled webhook endpoints/);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(5);
    expect(await database.db.webhookEndpoint.count({ where: { owner: "customer:1", status: "enabled" } })).toBe(maxEnabledEndpoints);
    await expect(register("customer:2", 0)).resolves.toBeDefined(); // another owner is not affected
  });

  it("take a disabled endpoint's place, and an enable past the limit is refused", async () => {
    for (let n = 0; n < maxEnabledEndpoints; n++) await register("chef:7", n);
    const first = await database.db.webhookEndpoint.findFirstOrThrow({ where: { owner: "chef:7" }, orderBy: { id: "asc" } });
    await database.db.$transaction((tx) => setEndpointEnabled(tx, "chef:7", first.id, false, t0, by, "test"));
    await register("chef:7", 99);
    await expect(database.db.$transaction((tx) => setEndpointEnabled(tx, "chef:7", first.id, true, t0, by, "test"))).rejects.toThrow(/at most 20/);
  });

  it("stop at maxEndpoints in all: a loop of register and disable is refused with WEBHOOK_ENDPOINT_LIMIT", async () => {
    let refused: unknown;
    for (let n = 0; n < maxEndpoints + 1 && refused === undefined; n++) {
      try {
        const { endpoint } = await register("customer:3", n);
        await database.db.$transaction((tx) => setEndpointEnabled(tx, "customer:3", endpoint.id, false, t0, by, "looping"));
      } catch (error) {
        refused = error;
      }
    }
    expect(isDulyError(refused, "WEBHOOK_ENDPOINT_LIMIT"), String(refused)).toBe(true);
    expect(String(refused)).toMatch(new RegExp(`at most ${maxEndpoints} webhook endpoints per owner, disabled ones included`));
    expect(await database.db.webhookEndpoint.count({ where: { owner: "customer:3" } })).toBe(maxEndpoints);
    // The enabled limit answers the same code.
    for (let n = 0; n < maxEnabledEndpoints; n++) await register("chef:8", n);
    await expect(register("chef:8", 99)).rejects.toSatisfy((error) => isDulyError(error, "WEBHOOK_ENDPOINT_LIMIT"));
  });

  it("come back when the retention deletes endpoints disabled longer than it keeps events, once their deliveries are gone", async () => {
    for (let n = 0; n < maxEndpoints; n++) {
      const { endpoint } = await register("customer:4", n);
      await database.db.$transaction((tx) => setEndpointEnabled(tx, "customer:4", endpoint.id, false, t0, by, "looping"));
    }
    await expect(register("customer:4", 100)).rejects.toThrow(/at most 100/);
    const [first, second] = await database.db.webhookEndpoint.findMany({ where: { owner: "customer:4" }, orderBy: { id: "asc" }, take: 2 });
    // The first has a delivery left (its event not yet pruned): it stays until that goes.
    const event = await database.db.event.create({
      data: { type: "booking.requested", objectType: "booking", objectId: 1, orderingKey: "booking:1", data: {}, actor: "customer:4", audience: ["customer:4"], createdAt: t0 },
    });
    await database.db.webhookDelivery.create({ data: { endpointId: first!.id, eventId: event.id, orderingKey: "booking:1", status: "failed", nextAttemptAt: t0, createdAt: new Date(t0.getTime() + 29 * 86_400_000) } });
    const later = new Date(t0.getTime() + 31 * 86_400_000); // 31 days after they were disabled
    await database.db.$transaction((tx) => schedule(tx, pruneEventsJob, { runAt: later, payload: { olderThanDays: 30, batchSize: 1_000 }, key: "endpoint-prune" }));
    await tick({ db: database.db, catalogue: createCatalogue([pruneEventsJob]), now: later, budgetMs: 5_000, mode: "drain" });
    expect(await database.db.webhookEndpoint.count({ where: { owner: "customer:4" } })).toBe(1);
    expect((await database.db.webhookEndpoint.findFirstOrThrow({ where: { owner: "customer:4" } })).id).toBe(first!.id);
    expect(second).toBeDefined();
    await expect(register("customer:4", 101)).resolves.toBeDefined();
  });
});
