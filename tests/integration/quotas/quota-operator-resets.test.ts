// An operator's reset now and move of the next reset (lib/quotas/operator-resets.ts, the
// dashboard's /accounts/[id]): reset now gives the plan in force's values back without moving
// the anchor-based cycle (the sweep still resets on the cycle date, and a pending downgrade
// still waits for it); a moved reset stays inside its cycle, the sweep honours it, and the next
// one falls back on the anchor's day; both are refused on a stale page and write their audit
// entry with the change. The server actions are called directly, as a forged POST would be.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { createSignedInOperator, sessionCookieName, type SignedInOperator } from "../../helpers/operators.ts";
import {
  accountDetail, addDays, changePlan, consumeAllowance, createAccount, cycleDate, listAccounts, localDateOf, moveNextReset, plans,
  resetAccountNow, resetDueAccounts,
} from "../../../lib/quotas/index.ts";
import { isDulyError } from "../../../lib/errors.ts";
import { FieldRefusal } from "../../../lib/validation/field-refusal.ts";
import type { ActionState } from "../../../app/_lib/action-state.ts";

const secret = "quota-operator-resets-secret-0123456789";
let cookieHeader = "";
vi.mock("next/headers", () => ({
  headers: async () => new Headers(cookieHeader ? { cookie: cookieHeader } : {}),
  cookies: async () => ({ get: () => undefined }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const database = useTestDatabase();
let operator: SignedInOperator;
let viewer: SignedInOperator;
let actions: typeof import("../../../app/accounts/actions.ts");
const signInAs = (user: SignedInOperator | null) => {
  cookieHeader = user ? `${sessionCookieName}=${user.cookieValue}` : "";
};
const idle: ActionState = { ok: false };

beforeAll(async () => {
  process.env.DATABASE_URL = database.url;
  process.env.BETTER_AUTH_SECRET = secret;
  process.env.BETTER_AUTH_URL = "http://duly.test";
  operator = await createSignedInOperator(database.db, { role: "operator", secret });
  viewer = await createSignedInOperator(database.db, { role: "viewer", secret });
  actions = await import("../../../app/accounts/actions.ts");
});
afterEach(() => signInAs(null));

const opened = new Date("2031-01-20T12:00:00Z");
/** An instant of the accounts' first cycle, for usage and plan changes (their first reset is 2031-02-12). */
const inCycle = new Date("2031-01-25T12:00:00Z");
let made = 0;

/** A pro account in Berlin anchored on 2031-01-12: next reset 2031-02-12, Berlin's midnight (23:00Z the day before). */
async function berlinAccount(plan: "free" | "pro" | "business" = "pro") {
  const account = await createAccount(database.db, { name: `ops-test-${made++}`, plan, anchorOn: "2031-01-12", timeZone: "Europe/Berlin" }, opened);
  expect(account.nextResetOn).toBe("2031-02-12");
  expect(account.nextResetAt.toISOString()).toBe("2031-02-11T23:00:00.000Z");
  return account.id;
}

const detail = async (id: bigint) => (await accountDetail(database.db, id))!;

async function everything(id: bigint) {
  const { db } = database;
  return {
    account: await db.quotaAccount.findUniqueOrThrow({ where: { id } }),
    resets: await db.quotaReset.findMany({ where: { accountId: id }, orderBy: { id: "asc" } }),
    audit: await db.auditEntry.findMany({ where: { recordType: "quota_account", recordId: id.toString() }, orderBy: { id: "asc" } }),
  };
}

describe("reset now", () => {
  it("sets the plan's values on the account's local date and records it, without moving the cycle", async () => {
    const id = await berlinAccount();
    await consumeAllowance(database.db, id, { allowance: "pages", amount: 300 }, inCycle);
    await consumeAllowance(database.db, id, { allowance: "questionsGpt4", amount: 200 }, inCycle);
    const seen = await detail(id);
    // 23:30 UTC is already the next day in Berlin.
    const now = new Date("2031-01-25T23:30:00Z");
    const result = await resetAccountNow(database.db, operator, { accountId: id, version: seen.version, reason: "support ticket 81" }, now);
    expect(result).toMatchObject({ restoredOn: "2031-01-26", cycleOn: "2031-01-12", plan: "pro", nextResetOn: "2031-02-12" });

    const after = await detail(id);
    expect(after).toMatchObject({
      pages: plans.pro.pages, questions: plans.pro.questions, questionsGpt4: plans.pro.questionsGpt4, documents: plans.pro.documents,
      anchorOn: "2031-01-12", restoredOn: "2031-01-26", nextResetOn: "2031-02-12",
    });
    expect(after.nextResetAt.toISOString()).toBe("2031-02-11T23:00:00.000Z");
    expect(after.resets).toEqual([
      expect.objectContaining({ cycleOn: "2031-01-12", dueOn: "2031-01-26", restoredOn: "2031-01-26", plan: "pro", sweptBy: `operator:${operator.email}`, byOperator: true }),
    ]);
    expect(after.resets[0]!.resetAt.toISOString()).toBe(now.toISOString());
    const { audit } = await everything(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: operator.email, action: "quota.reset_now", reason: "support ticket 81",
      fromValue: { plan: "pro", remaining: { pages: 700, questionsGpt4: 0 }, restoredOn: null },
      toValue: { plan: "pro", remaining: { pages: 1000, questionsGpt4: 200 }, restoredOn: "2031-01-26", nextResetOn: "2031-02-12" },
    });

    // The sweep still resets on the cycle date, not a month after the operator's reset, and then on the anchor's day.
    expect((await resetDueAccounts(database.db, { now: new Date("2031-02-11T22:59:59Z"), sweptBy: "test" })).reset).toBe(0);
    await consumeAllowance(database.db, id, { allowance: "pages", amount: 10 }, new Date("2031-02-11T22:59:59Z"));
    expect((await resetDueAccounts(database.db, { now: new Date("2031-02-11T23:00:00Z"), sweptBy: "test" })).reset).toBeGreaterThanOrEqual(1);
    const swept = await detail(id);
    expect(swept).toMatchObject({ pages: plans.pro.pages, restoredOn: "2031-02-12", nextResetOn: "2031-03-12" });
    expect(swept.resets.map((r) => [r.cycleOn, r.sweptBy])).toEqual([["2031-02-12", "test"], ["2031-01-12", `operator:${operator.email}`]]);
  });

  it("gives the plan in force, and a pending downgrade still waits for the regular reset", async () => {
    const id = await berlinAccount("business");
    await consumeAllowance(database.db, id, { allowance: "questions", amount: 5000 }, inCycle);
    expect(await changePlan(database.db, id, "free", inCycle)).toMatchObject({ takesEffect: "next-reset" });
    await resetAccountNow(database.db, operator, { accountId: id, version: (await detail(id)).version, reason: "outage credit" }, new Date("2031-01-26T09:00:00Z"));
    expect(await detail(id)).toMatchObject({ plan: "business", nextPlan: "free", questions: plans.business.questions });
    await resetDueAccounts(database.db, { now: new Date("2031-02-12T00:00:00Z"), sweptBy: "test" });
    expect(await detail(id)).toMatchObject({ plan: "free", nextPlan: null, questions: plans.free.questions });
  });
});

describe("a stale page", () => {
  it("is refused when the account was reset, its plan changed or its reset moved since; consumption alone is not a change", async () => {
    const { db } = database;
    const id = await berlinAccount();
    const seen = (await detail(id)).version;
    await consumeAllowance(db, id, { allowance: "pages", amount: 1 }, inCycle); // a customer using the product meanwhile
    expect((await detail(id)).version).toBe(seen);

    await resetDueAccounts(db, { now: new Date("2031-02-12T06:00:00Z"), sweptBy: "test" });
    const before = await everything(id);
    const error = await resetAccountNow(db, operator, { accountId: id, version: seen, reason: "late page" }, new Date("2031-02-12T07:00:00Z")).catch((e: unknown) => e);
    expect(isDulyError(error, "STALE_RECORD")).toBe(true);
    expect((error as Error).message).toMatch(/changed since your page showed it: it was reset meanwhile .*Nothing was changed/);
    const moveError = await moveNextReset(db, operator, { accountId: id, version: seen, nextResetOn: "2031-03-14", reason: "late page" }, new Date("2031-02-12T07:00:00Z")).catch((e: unknown) => e);
    expect(isDulyError(moveError, "STALE_RECORD")).toBe(true);
    expect(await everything(id)).toEqual(before);

    const seenAgain = (await detail(id)).version;
    await changePlan(db, id, "business", new Date("2031-02-12T07:00:00Z"));
    const planError = await moveNextReset(db, operator, { accountId: id, version: seenAgain, nextResetOn: "2031-03-14", reason: "late page" }, new Date("2031-02-12T07:00:00Z")).catch((e: unknown) => e);
    expect((planError as Error).message).toMatch(/its plan or next reset changed meanwhile/);

    // Two operators on the same page: the second is refused, even within the same millisecond.
    const shared = (await detail(id)).version;
    const now = new Date("2031-02-13T07:00:00Z");
    await moveNextReset(db, operator, { accountId: id, version: shared, nextResetOn: "2031-03-14", reason: "first" }, now);
    const second = await moveNextReset(db, operator, { accountId: id, version: shared, nextResetOn: "2031-03-15", reason: "second" }, now).catch((e: unknown) => e);
    expect(isDulyError(second, "STALE_RECORD")).toBe(true);
    expect((await detail(id)).nextResetOn).toBe("2031-03-14");
  });
});

describe("move the next reset", () => {
  it("moves it later within its cycle; the sweep honours the new local midnight, then the next falls back on the anchor's day", async () => {
    const id = await berlinAccount();
    const now = new Date("2031-02-01T10:00:00Z");
    const moved = await moveNextReset(database.db, operator, { accountId: id, version: (await detail(id)).version, nextResetOn: "2031-02-20", reason: "customer travelling" }, now);
    expect(moved).toMatchObject({ nextResetOn: "2031-02-20", from: { nextResetOn: "2031-02-12" } });
    expect(moved.nextResetAt.toISOString()).toBe("2031-02-19T23:00:00.000Z");
    const { audit } = await everything(id);
    expect(audit.map((a) => [a.action, a.reason, a.fromValue, a.toValue])).toEqual([[
      "quota.move_reset", "customer travelling",
      { nextResetOn: "2031-02-12", nextResetAt: "2031-02-11T23:00:00.000Z" },
      { nextResetOn: "2031-02-20", nextResetAt: "2031-02-19T23:00:00.000Z", timeZone: "Europe/Berlin" },
    ]]);

    expect((await resetDueAccounts(database.db, { now: new Date("2031-02-12T12:00:00Z"), sweptBy: "test" })).reset).toBe(0);
    expect((await resetDueAccounts(database.db, { now: new Date("2031-02-19T22:59:59Z"), sweptBy: "test" })).reset).toBe(0);
    expect((await resetDueAccounts(database.db, { now: new Date("2031-02-19T23:00:00Z"), sweptBy: "test" })).reset).toBe(1);
    const after = await detail(id);
    expect(after).toMatchObject({ anchorOn: "2031-01-12", restoredOn: "2031-02-20", nextResetOn: "2031-03-12" });
    expect(after.resets.map((r) => [r.cycleOn, r.dueOn, r.restoredOn])).toEqual([["2031-02-12", "2031-02-20", "2031-02-20"]]);
  });

  it("may bring a postponed reset back, but never before its cycle date, never past the next one, never today or earlier; a refusal names the field and writes nothing", async () => {
    const { db } = database;
    const id = await berlinAccount();
    const now = new Date("2031-02-01T10:00:00Z");
    await moveNextReset(db, operator, { accountId: id, version: (await detail(id)).version, nextResetOn: "2031-02-25", reason: "postponed" }, now);
    const before = await everything(id);
    const version = (await detail(id)).version;
    const refusals: Array<[string, RegExp]> = [
      ["2031-02-25", /already on 2031-02-25/],
      ["2031-02-01", /after the account's today \(2031-02-01 in Europe\/Berlin\)/],
      ["2031-01-30", /after the account's today/],
      ["2031-02-11", /on or after 2031-02-12, the cycle date this reset opens/],
      ["2031-03-12", /on or before 2031-03-11/],
      ["2031-06-01", /on or before 2031-03-11/],
    ];
    for (const [date, message] of refusals) {
      const error = await moveNextReset(db, operator, { accountId: id, version, nextResetOn: date, reason: "try" }, now).catch((e: unknown) => e);
      expect(error, date).toBeInstanceOf(FieldRefusal);
      expect(error, date).toMatchObject({ field: "nextResetOn" });
      expect((error as Error).message, date).toMatch(message);
    }
    expect(await everything(id)).toEqual(before);
    // The edges of the window are allowed.
    await moveNextReset(db, operator, { accountId: id, version, nextResetOn: "2031-02-12", reason: "back to the cycle date" }, now);
    await moveNextReset(db, operator, { accountId: id, version: (await detail(id)).version, nextResetOn: "2031-03-11", reason: "last day" }, now);
    expect((await detail(id)).nextResetOn).toBe("2031-03-11");
  });
});

describe("the list", () => {
  it("filters by plan, zone, window and search, in next-reset order, with keyset pages", async () => {
    const { db } = database;
    const tag = `list-${Date.now().toString(36)}`;
    const ids: bigint[] = [];
    for (const [i, [plan, zone, anchor]] of ([["pro", "Asia/Tokyo", "2031-01-05"], ["free", "Asia/Tokyo", "2031-01-06"], ["pro", "Asia/Tokyo", "2031-01-07"], ["pro", "UTC", "2031-01-05"]] as const).entries()) {
      ids.push((await createAccount(db, { name: `${tag} ${i} 100%_off`, plan, anchorOn: anchor, timeZone: zone }, opened)).id);
    }
    const all = await listAccounts(db, { search: tag });
    expect(all.rows.map((r) => r.id)).toEqual([ids[0], ids[3], ids[1], ids[2]]); // Tokyo's midnight of Feb 5 is before UTC's
    expect((await listAccounts(db, { search: tag, plan: "pro", timeZone: "Asia/Tokyo" })).rows.map((r) => r.id)).toEqual([ids[0], ids[2]]);
    const window = await listAccounts(db, { search: tag, resetFrom: new Date("2031-02-05T00:00:00Z"), resetTo: new Date("2031-02-06T00:00:00Z") });
    expect(window.rows.map((r) => r.id)).toEqual([ids[3], ids[1]]); // Tokyo's Feb 6 midnight is Feb 5 15:00 UTC
    expect((await listAccounts(db, { search: "100%_off" })).rows.length).toBeGreaterThanOrEqual(4); // wildcards taken literally
    expect((await listAccounts(db, { search: "100%" + "x" })).rows).toEqual([]);
    expect((await listAccounts(db, { search: ids[2]!.toString() })).rows.map((r) => r.id)).toContain(ids[2]); // by id (or a name with those digits)
    const first = await listAccounts(db, { search: tag, limit: 3 });
    const second = await listAccounts(db, { search: tag, limit: 3, after: first.next! });
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(all.rows.map((r) => r.id));
    expect(second.next).toBeNull();
  });
});

describe("the server actions", () => {
  /** An account anchored five days before the real today (the actions read the database clock). */
  async function liveAccount() {
    const openedAt = new Date();
    const today = localDateOf(openedAt, "UTC");
    const anchorOn = addDays(today, -5);
    const created = await createAccount(database.db, { name: `live-${made++}`, plan: "free", anchorOn, timeZone: "UTC" }, openedAt);
    expect(created.nextResetOn).toBe(cycleDate(anchorOn, 1));
    await consumeAllowance(database.db, created.id, { allowance: "questions", amount: 60 }, openedAt);
    return { id: created.id, today, nextResetOn: created.nextResetOn, version: (await detail(created.id)).version };
  }
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    return data;
  };

  it("reset now and move, for an operator", async () => {
    const account = await liveAccount();
    signInAs(operator);
    const reset = await actions.resetAccountNowAction(idle, form({ accountId: account.id.toString(), version: account.version, reason: "goodwill" }));
    expect(reset).toMatchObject({ ok: true, message: expect.stringContaining(`its next reset stays on ${account.nextResetOn}`) });
    expect((await detail(account.id)).questions).toBe(plans.free.questions);
    const target = addDays(account.nextResetOn, 2);
    const moved = await actions.moveNextResetAction(idle, form({ accountId: account.id.toString(), version: (await detail(account.id)).version, nextResetOn: target, reason: "asked by the customer" }));
    expect(moved).toMatchObject({ ok: true, message: `Account ${account.id}'s next reset moved from ${account.nextResetOn} to ${target}.` });
    expect((await everything(account.id)).audit.map((a) => [a.action, a.actorEmail])).toEqual([["quota.reset_now", operator.email], ["quota.move_reset", operator.email]]);
  });

  it("answer bad input with a message per field and write nothing", async () => {
    const account = await liveAccount();
    const before = await everything(account.id);
    signInAs(operator);
    const id = account.id.toString();
    const cases: Array<[Awaited<ReturnType<typeof actions.moveNextResetAction>>, string, RegExp]> = [
      [await actions.resetAccountNowAction(idle, form({ accountId: id, version: account.version, reason: " " })), "reason", /reason is required/],
      [await actions.resetAccountNowAction(idle, form({ accountId: "0", version: account.version, reason: "fine reason" })), "accountId", /account id/],
      [await actions.resetAccountNowAction(idle, form({ accountId: id, version: "yesterday", reason: "fine reason" })), "version", /version/],
      [await actions.moveNextResetAction(idle, form({ accountId: id, version: account.version, nextResetOn: "2031-02-30", reason: "fine reason" })), "nextResetOn", /date that exists/],
      [await actions.moveNextResetAction(idle, form({ accountId: id, version: account.version, nextResetOn: account.today, reason: "fine reason" })), "nextResetOn", /after the account's today/],
      [await actions.moveNextResetAction(idle, form({ accountId: id, version: account.version, reason: "fine reason" })), "nextResetOn", /./],
    ];
    for (const [state, field, message] of cases) {
      expect(state.ok).toBe(false);
      expect(state.fieldErrors?.[field], JSON.stringify(state)).toMatch(message);
    }
    expect(await everything(account.id)).toEqual(before);
  });

  it("refuse a viewer's forged call and a stale page, writing nothing", async () => {
    const account = await liveAccount();
    const before = await everything(account.id);
    signInAs(viewer);
    const forged = await actions.resetAccountNowAction(idle, form({ accountId: account.id.toString(), version: account.version, reason: "forged by a viewer" }));
    expect(forged.message).toMatch(/viewer; only an operator may do this/);
    const forgedMove = await actions.moveNextResetAction(idle, form({ accountId: account.id.toString(), version: account.version, nextResetOn: addDays(account.nextResetOn, 1), reason: "forged" }));
    expect(forgedMove.message).toMatch(/viewer; only an operator may do this/);
    expect(await everything(account.id)).toEqual(before);

    signInAs(operator);
    expect(await actions.resetAccountNowAction(idle, form({ accountId: account.id.toString(), version: account.version, reason: "first" }))).toMatchObject({ ok: true });
    const afterFirst = await everything(account.id);
    const stale = await actions.moveNextResetAction(idle, form({ accountId: account.id.toString(), version: account.version, nextResetOn: addDays(account.nextResetOn, 1), reason: "from the old page" }));
    expect(stale).toMatchObject({ ok: false, message: expect.stringMatching(/changed since your page showed it/) });
    expect(await everything(account.id)).toEqual(afterFirst);
  });
});
