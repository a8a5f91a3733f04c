// Consumption: takes `amount` from one allowance, atomically and never below zero. One guarded
// UPDATE: the row lock serialises concurrent consumers of one account, and each re-checks the
// guard on the row as the previous one left it, so 50 requests for the last 10 units yield
// exactly 10 successes. No read-then-write.
import type { DbOrTx } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { consumptionSchema, parseInput } from "./inputs.ts";
import { plans, type Allowances, type MeteredAllowance, type QuotaPlan } from "./plans.ts";
import { QuotaExhaustedError } from "./quota-errors.ts";

export interface Consumption {
  allowance: MeteredAllowance;
  remaining: Allowances;
  /** When the allowances come back: the next reset, local midnight of nextResetOn in the account's zone. */
  nextResetAt: Date;
}

interface AccountRow {
  pages: number;
  questions: number;
  questions_gpt4: number;
  documents: number;
  next_reset_at: Date;
}

export async function consumeAllowance(db: DbOrTx, accountId: bigint, input: unknown): Promise<Consumption> {
  const { allowance, amount } = parseInput(consumptionSchema, input, "usage");
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
    RETURNING pages, questions, questions_gpt4, documents, next_reset_at`;
  if (row) return { allowance, remaining: allowancesOf(row), nextResetAt: row.next_reset_at };

  // Refused: say why, from the row as it is now (this read decides nothing, it only explains).
  const [account] = await db.$queryRaw<Array<AccountRow & { plan: QuotaPlan; next_plan: QuotaPlan | null }>>`
    SELECT pages, questions, questions_gpt4, documents, next_reset_at, plan, next_plan
      FROM quota_accounts WHERE id = ${accountId}`;
  if (!account) throw new DulyError(ErrorCode.NotFound, `no quota account has id ${accountId}`);
  const planAtReset = account.next_plan ?? account.plan;
  if (amount > plans[planAtReset][allowance]) {
    throw new DulyError(
      ErrorCode.QuotaExceedsPlan,
      `${amount} ${allowance} at once is more than the ${planAtReset} plan allows in a whole cycle (${plans[planAtReset][allowance]})`,
    );
  }
  throw new QuotaExhaustedError(allowance, allowancesOf(account)[allowance], account.next_reset_at);
}

function allowancesOf(row: AccountRow): Allowances {
  return { pages: row.pages, questions: row.questions, questionsGpt4: row.questions_gpt4, documents: row.documents };
}
