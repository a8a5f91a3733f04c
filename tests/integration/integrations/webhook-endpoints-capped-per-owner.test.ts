// A key could register endpoints without end (1,000 took a loop): every event then fans out one
// delivery, one job and one HTTP request per endpoint, and the endpoint list grows unpaged. An
// owner has at most maxEnabledEndpoints enabled at once, counted under a per-owner lock so that
// concurrent registrations cannot pass it together; disabling one frees its place, and enabling
// one past the limit is refused the same way.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEndpoint, maxEnabledEndpoints, setEndpointEnabled } from "../../../lib/webhooks/endpoints.ts";
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
  await emptyTables(database.db, ["webhook_endpoints"], { restartIdentity: true });
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
});
