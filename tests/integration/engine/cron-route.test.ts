// The cron route's own answers, called as Next calls it (the exported GET with a Request): with
// no database connection to be had it answers 503 with the cause, and claims nothing. (The
// e2e suite calls the same route over real HTTP for everything a healthy server answers.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { useTestDatabase } from "../../helpers/database.ts";
import { createLimitedRole, type LimitedRole } from "../../helpers/limited-role.ts";
import { createEffectTables } from "../../fixtures/test-jobs.ts";

const database = useTestDatabase();
const secret = "cron-route-test-secret-0123456789";
let role: LimitedRole;
let held: pg.Client[] = [];

beforeAll(async () => {
  await createEffectTables(database.db);
  role = await createLimitedRole(database.directUrl, 1);
  held = await role.hold(1);
  // The route reads its settings once per process: set them before it is first imported.
  process.env.DATABASE_URL = role.url;
  process.env.CRON_SECRET = secret;
  process.env.DULY_LISTEN = "0";
});

afterAll(async () => {
  await Promise.all(held.map((c) => c.end()));
  await role?.drop();
});

describe("GET /api/cron/tick", () => {
  it("answers 503 with the cause when no database connection can be had", async () => {
    const { GET } = await import("../../../app/api/cron/tick/route.ts");
    const response = await GET(new Request("http://duly.test/api/cron/tick?mode=drain", { headers: { authorization: `Bearer ${secret}` } }));
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: string; summary: { claimed: number; status: string } };
    expect(body.error).toMatch(/no database connection could be had.*too many connections/);
    expect(body.summary).toMatchObject({ status: "unavailable", claimed: 0 });
  });
});
