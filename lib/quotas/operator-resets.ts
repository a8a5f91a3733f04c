// What an operator may do to an account's cycle (docs/quotas.md, "Operator actions"):
//
// - Reset now: the allowances become the values of the plan in force, and a reset record says an
//   operator did it (swept_by operator:<email>). The cycle is not touched: anchor, next_reset_on
//   and next_reset_at stay, so the next regular reset comes on its day as if nothing happened,
//   and a pending downgrade still waits for it (the customer keeps what they paid for until the
//   cycle ends, decision 0014). It is a gift of allowances, not a new cycle.
// - Move the next reset: the next regular reset happens on another local date, for this cycle
//   only. The new date must be after the account's local today and must stay inside the cycle
//   that reset opens: on or after its cycle date (earlier would give a second reset on that cycle
//   date, since the sweep always counts from the anchor; "reset now" is the way to give
//   allowances back early) and before the following cycle date (later would skip a cycle).
//   After the moved reset the sweep sets the next one to the first cycle date after it: back on
//   the anchor's day. The anchor never changes.
//
// Both lock the account row (ordered with consumption, plan changes and the sweep), refuse a
// stale page, and write the audit entry in the same transaction.
import { z } from "zod";
import type { Db, Tx } from "../db/client.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { reason } from "../validation/fields.ts";
import { displayZoneField } from "../operations/inputs.ts";
import { describeAccountLastChange } from "./account-last-change.ts";
import { FieldRefusal } from "../validation/field-refusal.ts";
import { operatorResetPrefix } from "./account-views.ts";
import { addDays, cycleDate, cycleOnOrBefore, type IsoDate } from "./cycle-dates.ts";
import { accountIdSchema, isoDateSchema } from "./inputs.ts";
import { localDateOf } from "./local-time.ts";
import { plans, type QuotaPlan } from "./plans.ts";
import { resetAccountIfDue } from "./reset-account-if-due.ts";

const seenAccount = {
  accountId: accountIdSchema,
  version: z.string().regex(/^\d{1,16}\.\d{1,19}$/, "expected the account's version as the page showed it"),
  reason,
  zone: displayZoneField,
};

export const resetNowInput = z.object(seenAccount);
export const moveNextResetInput = z.object({ ...seenAccount, nextResetOn: isoDateSchema });
export type ResetNowInput = z.output<typeof resetNowInput>;
export type MoveNextResetInput = z.output<typeof moveNextResetInput>;

interface LockedAccount {
  id: bigint;
  plan: QuotaPlan;
  next_plan: QuotaPlan | null;
  pages: number;
  questions: number;
  questions_gpt4: number;
  documents: number;
  anchor_on: string;
  time_zone: string;
  restored_on: string | null;
  next_reset_on: string;
  next_reset_at: Date;
  version: string;
}

/**
 * Locks the account if it is still as the page showed it: NotFound, or StaleRecord saying what
 * changed, who changed it and when, in the operator's zone (account-last-change.ts).
 */
async function lockAccountAsSeen(tx: Tx, accountId: bigint, seen: { version: string; zone?: string }): Promise<LockedAccount> {
  const account = await lockAccount(tx, accountId);
  if (account.version !== seen.version) {
    const [, seenReset] = seen.version.split(".");
    const [, lastReset] = account.version.split(".");
    const how = seenReset !== lastReset ? "it was reset meanwhile" : "its plan or next reset changed meanwhile";
    const latest = (await describeAccountLastChange(tx, accountId, seen.zone ?? "UTC")) ?? "by the sweep, a plan change or another operator";
    throw new DulyError(ErrorCode.StaleRecord, `account ${accountId} changed since your page showed it: ${how} (${latest}). Nothing was changed; reload the page to see it as it is now.`);
  }
  return account;
}

async function lockAccount(tx: Tx, accountId: bigint): Promise<LockedAccount> {
  const [account] = await tx.$queryRaw<LockedAccount[]>`
    SELECT a.id, a.plan::text AS plan, a.next_plan::text AS next_plan, a.pages, a.questions, a.questions_gpt4, a.documents,
           to_char(a.anchor_on, 'YYYY-MM-DD') AS anchor_on, a.time_zone, to_char(a.restored_on, 'YYYY-MM-DD') AS restored_on,
           to_char(a.next_reset_on, 'YYYY-MM-DD') AS next_reset_on, a.next_reset_at,
           (floor(extract(epoch FROM a.updated_at) * 1000))::bigint::text || '.' ||
             coalesce((SELECT max(r.id) FROM quota_resets r WHERE r.account_id = a.id), 0)::text AS version
      FROM quota_accounts a WHERE a.id = ${accountId}
       FOR UPDATE OF a`;
  if (!account) throw new DulyError(ErrorCode.NotFound, `no quota account has id ${accountId}`);
  return account;
}

const remainingOf = (a: LockedAccount) => ({ pages: a.pages, questions: a.questions, questionsGpt4: a.questions_gpt4, documents: a.documents });

export interface OperatorReset {
  restoredOn: IsoDate;
  cycleOn: IsoDate;
  plan: QuotaPlan;
  /** Unchanged by a reset now. */
  nextResetOn: IsoDate;
  nextResetAt: Date;
}

/** Reset now (see the top of this file). `now` is the caller's clock: it says which local date it is. */
export async function resetAccountNow(db: Db, operator: AuditActor, input: ResetNowInput, now: Date): Promise<OperatorReset> {
  return db.$transaction(async (tx) => {
    let account = await lockAccountAsSeen(tx, input.accountId, input);
    // A regular reset due at `now` comes first, as the sweep would do it (a pending downgrade
    // takes effect, the cycle moves on); this reset then gives the new cycle's plan in force.
    if (await resetAccountIfDue(tx, input.accountId, now, "on operator reset")) account = await lockAccount(tx, input.accountId);
    const today = localDateOf(now, account.time_zone);
    // The cycle in force (an anchor still ahead: the cycle it will open, the only one there is).
    const cycleOn = cycleOnOrBefore(account.anchor_on, today)?.date ?? account.anchor_on;
    const values = plans[account.plan];
    // updated_at always moves forward (even within one millisecond), so the version changes.
    await tx.$executeRaw`
      UPDATE quota_accounts
         SET pages = ${values.pages}::int, questions = ${values.questions}::int,
             questions_gpt4 = ${values.questionsGpt4}::int, documents = ${values.documents}::int,
             restored_on = ${today}::date,
             updated_at = greatest(${now}::timestamptz, updated_at + interval '1 millisecond')
       WHERE id = ${input.accountId}`;
    // due_on = the day it was given: nothing was due, the operator asked.
    await tx.$executeRaw`
      INSERT INTO quota_resets (account_id, cycle_on, due_on, restored_on, reset_at, plan, swept_by)
      VALUES (${input.accountId}, ${cycleOn}::date, ${today}::date, ${today}::date, ${now}::timestamptz, ${account.plan}::quota_plan,
              ${`${operatorResetPrefix}${operator.email}`})`;
    await recordAudit(tx, {
      actor: operator,
      action: "quota.reset_now",
      recordType: "quota_account",
      recordId: input.accountId.toString(),
      from: { plan: account.plan, remaining: remainingOf(account), restoredOn: account.restored_on },
      to: {
        plan: account.plan,
        remaining: { pages: values.pages, questions: values.questions, questionsGpt4: values.questionsGpt4, documents: values.documents },
        restoredOn: today,
        nextResetOn: account.next_reset_on,
      },
      reason: input.reason,
    });
    return { restoredOn: today, cycleOn, plan: account.plan, nextResetOn: account.next_reset_on, nextResetAt: account.next_reset_at };
  });
}

export interface MovedReset {
  from: { nextResetOn: IsoDate; nextResetAt: Date };
  nextResetOn: IsoDate;
  nextResetAt: Date;
}

/** The dates a moved reset may take, for a form's hint and for the check: [earliest, latest]. */
export function moveWindow(account: { anchorOn: IsoDate; nextResetOn: IsoDate }, today: IsoDate): { cycleOn: IsoDate; earliest: IsoDate; latest: IsoDate } {
  // The cycle this reset opens: the latest cycle date on or before the scheduled reset (itself, unless an earlier move postponed it).
  const cycle = cycleOnOrBefore(account.anchorOn, account.nextResetOn) ?? { index: 0, date: account.anchorOn };
  const following = cycleDate(account.anchorOn, cycle.index + 1);
  const tomorrow = addDays(today, 1);
  return { cycleOn: cycle.date, earliest: cycle.date > tomorrow ? cycle.date : tomorrow, latest: addDays(following, -1) };
}

/** Move the next reset (see the top of this file). */
export async function moveNextReset(db: Db, operator: AuditActor, input: MoveNextResetInput, now: Date): Promise<MovedReset> {
  return db.$transaction(async (tx) => {
    const account = await lockAccountAsSeen(tx, input.accountId, input);
    const today = localDateOf(now, account.time_zone);
    const target = input.nextResetOn;
    if (target === account.next_reset_on) throw new FieldRefusal("nextResetOn", `the next reset is already on ${target}`);
    if (target <= today) {
      throw new FieldRefusal("nextResetOn", `must be after the account's today (${today} in ${account.time_zone}); to give the allowances back now, use "Reset now"`);
    }
    const window = moveWindow({ anchorOn: account.anchor_on, nextResetOn: account.next_reset_on }, today);
    if (target < window.cycleOn) {
      throw new FieldRefusal(
        "nextResetOn",
        `must be on or after ${window.cycleOn}, the cycle date this reset opens (earlier would reset this cycle twice); to give the allowances back early, use "Reset now"`,
      );
    }
    if (target > window.latest) {
      throw new FieldRefusal("nextResetOn", `must be on or before ${window.latest}: the next cycle starts on the day after, and a later date would skip it`);
    }
    // The date's first instant by PostgreSQL's zone data: the function createAccount and the sweep use.
    const [moved] = await tx.$queryRaw<Array<{ next_reset_at: Date }>>`
      UPDATE quota_accounts
         SET next_reset_on = ${target}::date,
             next_reset_at = quota_local_day_start(${target}::date, time_zone),
             updated_at = greatest(${now}::timestamptz, updated_at + interval '1 millisecond')
       WHERE id = ${input.accountId}
      RETURNING next_reset_at`;
    await recordAudit(tx, {
      actor: operator,
      action: "quota.move_reset",
      recordType: "quota_account",
      recordId: input.accountId.toString(),
      from: { nextResetOn: account.next_reset_on, nextResetAt: account.next_reset_at.toISOString() },
      to: { nextResetOn: target, nextResetAt: moved!.next_reset_at.toISOString(), timeZone: account.time_zone },
      reason: input.reason,
    });
    return { from: { nextResetOn: account.next_reset_on, nextResetAt: account.next_reset_at }, nextResetOn: target, nextResetAt: moved!.next_reset_at };
  });
}
