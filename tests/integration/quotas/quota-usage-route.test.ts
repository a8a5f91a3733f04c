// POST /api/v1/accounts/{accountId}/usage through the route handler as Next calls it (real
// Request, the API's keys and error envelope, real PostgreSQL): 50 concurrent requests for the
// last 10 units, exactly 10 succeed and 40 get 429 with when the allowance comes back. Requests
// carry X-Duly-Now (a time-travelling server) so each is judged at an instant the test chooses;
// one test leaves it off and lets the database's clock judge.
import { beforeAll, describe, expect, it } from "vitest";
import { POST } from "../../../app/api/v1/accounts/[accountId]/usage/route.ts";
import { createAccount, consumeAllowance, plans } from "../../../lib/quotas/index.ts";
import { callRoute, newKey, useAppDatabase, type RouteHandler } from "../../helpers/api.ts";
import { localMidnight } from "../../helpers/quota-calendar.ts";
import { useTestDatabase } from "../../helpers/database.ts";

const database = useTestDatabase();
useAppDatabase(database);
const route = POST as unknown as RouteHandler;
let appKey: string;
beforeAll(async () => {
  process.env.DULY_TIME_TRAVEL = "1";
  appKey = await newKey(database.db);
});
/** An instant of the accounts' first cycle (opened Dec 1, first reset Dec 30, Berlin). */
const inCycle = new Date("2026-12-10T12:00:00Z");

const open = async () =>
  (await createAccount(database.db, { name: "api", plan: "pro", anchorOn: "2026-11-30", timeZone: "Europe/Berlin" }, new Date("2026-12-01T12:00:00Z"))).id;
const usage = (accountId: bigint | string, body: unknown, extra: { key?: string; idempotencyKey?: string; at?: Date | null } = {}) =>
  callRoute(route, {
    path: `/accounts/${accountId}/usage`, params: { accountId: String(accountId) }, key: extra.key ?? appKey, idempotencyKey: extra.idempotencyKey, body,
    headers: extra.at === null ? {} : { "x-duly-now": (extra.at ?? inCycle).toISOString() },
  });

async function left(id: bigint): Promise<number> {
  const [row] = await database.db.$queryRaw<Array<{ questions: number }>>`SELECT questions FROM quota_accounts WHERE id = ${id}`;
  return row.questions;
}

describe("POST /api/v1/accounts/{accountId}/usage", () => {
  it("takes the amount and answers what is left and when it comes back", async () => {
    const id = await open();
    const answer = await usage(id, { allowance: "questions", amount: 3 });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      accountId: Number(id),
      allowance: "questions",
      remaining: { pages: plans.pro.pages, questions: plans.pro.questions - 3, questionsGpt4: plans.pro.questionsGpt4, documents: plans.pro.documents },
      nextResetAt: localMidnight("2026-12-30", "Europe/Berlin").toISOString(),
    });
  });

  it("50 concurrent requests for the last 10 units: exactly 10 answer 200, 40 answer 429 with retryAt and Retry-After", async () => {
    const id = await open();
    await consumeAllowance(database.db, id, { allowance: "questions", amount: plans.pro.questions - 10 }, inCycle);
    const answers = await Promise.all(Array.from({ length: 50 }, () => usage(id, { allowance: "questions", amount: 1 })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    const comesBack = localMidnight("2026-12-30", "Europe/Berlin");
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.json.error).toMatchObject({ code: "QUOTA_EXHAUSTED", retryAt: comesBack.toISOString() });
      expect(refused.headers.get("retry-after")).toBe(comesBack.toUTCString());
    }
    expect(await left(id)).toBe(0);
  });

  it("an Idempotency-Key makes a retry take nothing more", async () => {
    const id = await open();
    const first = await usage(id, { allowance: "questions", amount: 5 }, { idempotencyKey: "usage-1" });
    const again = await usage(id, { allowance: "questions", amount: 5 }, { idempotencyKey: "usage-1" });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await left(id)).toBe(plans.pro.questions - 5);
  });

  it("refuses bad input (400 with issues), an unknown account (404), no key (401) and a customer's key (403), taking nothing", async () => {
    const id = await open();
    const bad = await usage(id, { allowance: "questions", amount: 0 });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("INVALID_INPUT");
    expect(bad.json.error.issues[0].path).toEqual(["body", "amount"]);
    expect((await usage(id, { allowance: "contextMaxLength", amount: 1 })).status).toBe(400);
    expect((await usage("0", { allowance: "questions", amount: 1 })).status).toBe(400);
    expect((await usage("99999", { allowance: "questions", amount: 1 })).json.error.code).toBe("NOT_FOUND");
    expect((await callRoute(route, { path: `/accounts/${id}/usage`, params: { accountId: String(id) }, body: { allowance: "questions", amount: 1 } })).status).toBe(401);
    const [customer] = await database.db.$queryRaw<Array<{ id: number }>>`INSERT INTO customers (name, email) VALUES ('c', 'c@example.com') RETURNING id`;
    const customerKey = await newKey(database.db, { scope: "customer", partyId: customer.id });
    const forbidden = await usage(id, { allowance: "questions", amount: 1 }, { key: customerKey });
    expect(forbidden.status).toBe(403);
    expect(await left(id)).toBe(plans.pro.questions);
  });

  it("a request after the reset instant is counted in the new cycle (the first one resets the account)", async () => {
    const id = await open();
    await usage(id, { allowance: "questions", amount: 1_990 });
    const midnight = localMidnight("2026-12-30", "Europe/Berlin");
    const after = await usage(id, { allowance: "questions", amount: 3 }, { at: new Date(midnight.getTime() + 1) });
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({ remaining: { questions: plans.pro.questions - 3 }, nextResetAt: localMidnight("2027-01-30", "Europe/Berlin").toISOString() });
    const records = await database.db.$queryRaw<Array<{ swept_by: string }>>`SELECT swept_by FROM quota_resets WHERE account_id = ${id}`;
    expect(records).toEqual([{ swept_by: "on consumption" }]);
  });

  it("without time travel the database's clock judges whether a reset is due first", async () => {
    // Anchored in 2000: its first reset (2000-02-01) is long past by any clock this runs under.
    const { id } = await createAccount(database.db, { name: "old", plan: "free", anchorOn: "2000-01-01", timeZone: "UTC" }, new Date("2000-01-15T12:00:00Z"));
    await consumeAllowance(database.db, id, { allowance: "pages", amount: 50 }, new Date("2000-01-20T12:00:00Z"));
    delete process.env.DULY_TIME_TRAVEL;
    try {
      const answer = await usage(id, { allowance: "pages", amount: 1 }, { at: null });
      expect(answer.status).toBe(200);
      expect(answer.json.remaining.pages).toBe(plans.free.pages - 1);
      const [{ now }] = await database.db.$queryRaw<Array<{ now: Date }>>`SELECT now()`;
      expect(new Date(answer.json.nextResetAt).getTime()).toBeGreaterThan(now.getTime());
    } finally {
      process.env.DULY_TIME_TRAVEL = "1";
    }
  });
});
