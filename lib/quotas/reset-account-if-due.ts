// A writer's reset: before a writer reads or changes an account's allowances (consumption, a plan
// change, an operator's reset now), it gives the account its reset if one is due at the writer's
// clock, in the writer's own transaction. So from the customer's side a reset is never late:
// whatever the sweep is doing (it passes by rows other transactions hold), the first use of an
// account at or after its reset instant starts the new cycle, and is counted in it.
//
// The same statement as the sweep's (lib/quotas/reset-statement.ts): it waits for the row lock
// (a concurrent consumer's), re-checks that the account is still due on the newest version, and
// is the statement that makes it not due: with the sweep, other writers, or both racing, each
// cycle is reset once. The row is found again by primary key, so a change committed between
// this statement's snapshot and its lock cannot make it miss.
import { Prisma, type DbOrTx } from "../db/client.ts";
import { clockSql, dueCondition, pickedColumns, resetStatement, type QuotaClock, type ResetStatementRow } from "./reset-statement.ts";

/** Who reset the account, as its reset record says (swept_by). */
export type WriterReset = "on consumption" | "on plan change" | "on operator reset";

/**
 * Resets `accountId` if it is due at `now` ("database": PostgreSQL's clock in the statement).
 * Answers whether it did. Inside a transaction the account's row stays locked until it ends.
 */
export async function resetAccountIfDue(db: DbOrTx, accountId: bigint, now: QuotaClock, resetBy: WriterReset): Promise<boolean> {
  const clock = clockSql(now);
  const [row] = await db.$queryRaw<ResetStatementRow[]>(
    resetStatement({
      clock,
      sweptBy: resetBy,
      findBy: "id",
      pickDue: Prisma.sql`
        SELECT ${pickedColumns(clock)}
          FROM quota_accounts
         WHERE id = ${accountId} AND ${dueCondition(clock)}
           FOR UPDATE`,
    }),
  );
  return (row?.reset ?? 0) > 0;
}
