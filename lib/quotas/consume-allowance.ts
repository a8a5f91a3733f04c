// Consumption: takes `amount` from one allowance, atomically and never below zero, always in
// the cycle that is current at `now`. One guarded UPDATE: the row lock serialises concurrent
// consumers of one account, and each re-checks the guard on the row as the previous one left it,
// so 50 requests for the last 10 units yield exactly 10 successes. No read-then-write.
//
// The guard also refuses an account whose reset is due at `now`: such an account is first
// given its reset (lib/quotas/reset-account-if-due.ts, in the caller's transaction), and the
// usage is then taken from the new cycle. So usage at or after the reset instant never counts
// against the old cycle, whether or not the sweep has got to the account (it passes by rows a
// request holds). The first usage after the reset pays one extra statement; the rest none.
import type { DbOrTx } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { consumptionSchema, parseInput } from "./inputs.ts";
import { plans, type Allowances, type MeteredAllowance, type QuotaPlan } from "./plans.ts";
import { QuotaExhaustedError } from "./quota-errors.ts";
import { resetAccountIfDue } from "./reset-account-if-due.ts";
import { clockSql, dueCondition, type QuotaClock } from "./reset-statement.ts";

export interface Consumption {
  allowance: MeteredAllowance;
  remaining: Allowances;
  /** When the allowances come back: the next reset, the first instant of nextResetOn in the account's zone. */
  nextResetAt: Date;
}

interface AccountRow {
  pages: number;
  questions: number;
  questions_gpt4: number;
  documents: number;
  next_reset_at: Date;
}

/**
 * `now`: the instant the usage happens, which decides whether a reset is due first; "database"
 * for PostgreSQL's own clock (a request at the real time), an instant for a chosen one (tests,
 * a time-travelling demo).
 */
export async function consumeAllowance(db: DbOrTx, accountId: bigint, input: unknown, now: QuotaClock): Promise<Consumption> {
  const { allowance, amount } = parseInput(consumptionSchema, input, "usage");
  for (let attempt = 1; ; attempt++) {
    const taken = await take(db, accountId, allowance, amount, now);
    if (taken) return taken;
    // Not taken: say why, from the row as it is now (this read decides nothing, it only
    // explains), unless the reset is due: then reset it and take from the new cycle.
    const account = await explain(db, accountId, now);
    if (!account) throw new DulyError(ErrorCode.NotFound, `no quota account has id ${accountId}`);
    const planAtReset = account.next_plan ?? account.plan;
    if (amount > plans[planAtReset][allowance]) {
      // Before any reset: a reset cannot help, and the refusal would roll it back anyway.
      throw new DulyError(
        ErrorCode.QuotaExceedsPlan,
        `${amount} ${allowance} at once is more than the ${planAtReset} plan allows in a whole cycle (${plans[planAtReset][allowance]})`,
      );
    }
    const left = allowancesOf(account)[allowance];
    // Due: reset, then take again. Enough left and not due: another writer reset the account
    // between the two statements; take again. A few rounds at most: each needs a concurrent reset.
    if (attempt < 3 && (account.due || left >= amount)) {
      if (account.due) await resetAccountIfDue(db, accountId, now, "on consumption");
      continue;
    }
    throw new QuotaExhaustedError(allowance, left, account.next_reset_at);
  }
}

/** The guarded UPDATE: takes the amount if enough is left and no reset is due. */
async function take(db: DbOrTx, accountId: bigint, allowance: MeteredAllowance, amount: number, now: QuotaClock): Promise<Consumption | undefined> {
  const [row] = await db.$queryRaw<AccountRow[]>`
    UPDATE quota_accounts
       SET pages = pages - CASE WHEN ${allowance} = 'pages' THEN ${amount}::int ELSE 0 END,
           questions = questions - CASE WHEN ${allowance} = 'questions' THEN ${amount}::int ELSE 0 END,
           questions_gpt4 = questions_gpt4 - CASE WHEN ${allowance} = 'questionsGpt4' THEN ${amount}::int ELSE 0 END,
           documents = documents - CASE WHEN ${allowance} = 'documents' THEN ${amount}::int ELSE 0 END
     WHERE id = ${accountId}
       AND CASE ${allowance}
             WHEN 'pages' THEN pages
             WHEN 'questions' THEN questions
             WHEN 'questionsGpt4' THEN questions_gpt4
             WHEN 'documents' THEN documents
           END >= ${amount}::int
       AND NOT (${dueCondition(clockSql(now))})
    RETURNING pages, questions, questions_gpt4, documents, next_reset_at`;
  return row ? { allowance, remaining: allowancesOf(row), nextResetAt: row.next_reset_at } : undefined;
}

async function explain(db: DbOrTx, accountId: bigint, now: QuotaClock) {
  const [account] = await db.$queryRaw<Array<AccountRow & { plan: QuotaPlan; next_plan: QuotaPlan | null; due: boolean }>>`
    SELECT pages, questions, questions_gpt4, documents, next_reset_at, plan, next_plan, ${dueCondition(clockSql(now))} AS due
      FROM quota_accounts WHERE id = ${accountId}`;
  return account;
}

function allowancesOf(row: AccountRow): Allowances {
  return { pages: row.pages, questions: row.questions, questionsGpt4: row.questions_gpt4, documents: row.documents };
}
