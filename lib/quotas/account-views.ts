// Quota accounts as the dashboard shows them: a keyset-paginated list (filters: plan, zone, next
// reset window, search) and one account with its reset log. Read-only.
import type { DbOrTx } from "../db/client.ts";
import type { QuotaPlan } from "./plans.ts";

export interface AccountSummary {
  id: bigint;
  name: string;
  plan: QuotaPlan;
  nextPlan: QuotaPlan | null;
  pages: number;
  questions: number;
  questionsGpt4: number;
  documents: number;
  timeZone: string;
  anchorOn: string;
  restoredOn: string | null;
  nextResetOn: string;
  nextResetAt: Date;
  /**
   * What an operator's form sends back (docs/quotas.md, "Operator actions"): changes when the
   * account is reset (by the sweep or an operator), its plan changes or its next reset moves;
   * not when allowances are consumed.
   */
  version: string;
}

export interface AccountListFilter {
  plan?: QuotaPlan;
  timeZone?: string;
  /** Next reset at or after this instant. */
  resetFrom?: Date;
  /** Next reset before this instant. */
  resetTo?: Date;
  /** Part of the name (case-insensitive), or an account id. */
  search?: string;
  /** Keyset: the last row of the previous page. */
  after?: { nextResetAt: Date; id: bigint };
  limit?: number;
}

interface AccountSqlRow {
  id: bigint;
  name: string;
  plan: QuotaPlan;
  next_plan: QuotaPlan | null;
  pages: number;
  questions: number;
  questions_gpt4: number;
  documents: number;
  time_zone: string;
  anchor_on: string;
  restored_on: string | null;
  next_reset_on: string;
  next_reset_at: Date;
  version: string;
}

function toSummary(r: AccountSqlRow): AccountSummary {
  return {
    id: r.id, name: r.name, plan: r.plan, nextPlan: r.next_plan, pages: r.pages, questions: r.questions, questionsGpt4: r.questions_gpt4,
    documents: r.documents, timeZone: r.time_zone, anchorOn: r.anchor_on, restoredOn: r.restored_on, nextResetOn: r.next_reset_on,
    nextResetAt: r.next_reset_at, version: r.version,
  };
}

/** One page in next-reset order (the next_reset_at index), then id; `next` is the following page's cursor. */
export async function listAccounts(db: DbOrTx, filter: AccountListFilter): Promise<{ rows: AccountSummary[]; next: { nextResetAt: Date; id: bigint } | null }> {
  const limit = filter.limit ?? 50;
  const search = filter.search?.trim() || null;
  const searchId = search && /^\d{1,18}$/.test(search) ? BigInt(search) : null;
  // ILIKE's wildcards in the search text are meant literally.
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db.$queryRaw<AccountSqlRow[]>`
    SELECT a.id, a.name, a.plan::text AS plan, a.next_plan::text AS next_plan, a.pages, a.questions, a.questions_gpt4, a.documents,
           a.time_zone, to_char(a.anchor_on, 'YYYY-MM-DD') AS anchor_on, to_char(a.restored_on, 'YYYY-MM-DD') AS restored_on,
           to_char(a.next_reset_on, 'YYYY-MM-DD') AS next_reset_on, a.next_reset_at,
           (floor(extract(epoch FROM a.updated_at) * 1000))::bigint::text || '.' ||
             coalesce((SELECT max(r.id) FROM quota_resets r WHERE r.account_id = a.id), 0)::text AS version
      FROM quota_accounts a
     WHERE (${filter.plan ?? null}::text IS NULL OR a.plan::text = ${filter.plan ?? null}::text)
       AND (${filter.timeZone ?? null}::text IS NULL OR a.time_zone = ${filter.timeZone ?? null}::text)
       AND (${filter.resetFrom ?? null}::timestamptz IS NULL OR a.next_reset_at >= ${filter.resetFrom ?? null}::timestamptz)
       AND (${filter.resetTo ?? null}::timestamptz IS NULL OR a.next_reset_at < ${filter.resetTo ?? null}::timestamptz)
       AND (${search}::text IS NULL OR a.name ILIKE ${pattern}::text OR a.id = ${searchId}::bigint)
       AND (${filter.after?.nextResetAt ?? null}::timestamptz IS NULL
            OR (a.next_reset_at, a.id) > (${filter.after?.nextResetAt ?? null}::timestamptz, ${filter.after?.id ?? 0n}::bigint))
     ORDER BY a.next_reset_at, a.id
     LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit).map(toSummary);
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last ? { nextResetAt: last.nextResetAt, id: last.id } : null };
}

export interface ResetRecord {
  id: bigint;
  cycleOn: string;
  dueOn: string;
  restoredOn: string;
  resetAt: Date;
  plan: QuotaPlan;
  sweptBy: string;
  /** An operator's reset now (swept_by operator:<email>) rather than the sweep's. */
  byOperator: boolean;
}

export interface AccountDetail extends AccountSummary {
  createdAt: Date;
  /** The latest resets first (at most 100). */
  resets: ResetRecord[];
}

export async function accountDetail(db: DbOrTx, accountId: bigint): Promise<AccountDetail | null> {
  const [row] = await db.$queryRaw<Array<AccountSqlRow & { created_at: Date }>>`
    SELECT a.id, a.name, a.plan::text AS plan, a.next_plan::text AS next_plan, a.pages, a.questions, a.questions_gpt4, a.documents,
           a.time_zone, to_char(a.anchor_on, 'YYYY-MM-DD') AS anchor_on, to_char(a.restored_on, 'YYYY-MM-DD') AS restored_on,
           to_char(a.next_reset_on, 'YYYY-MM-DD') AS next_reset_on, a.next_reset_at, a.created_at,
           (floor(extract(epoch FROM a.updated_at) * 1000))::bigint::text || '.' ||
             coalesce((SELECT max(r.id) FROM quota_resets r WHERE r.account_id = a.id), 0)::text AS version
      FROM quota_accounts a WHERE a.id = ${accountId}`;
  if (!row) return null;
  const resets = await db.$queryRaw<Array<{ id: bigint; cycle_on: string; due_on: string; restored_on: string; reset_at: Date; plan: QuotaPlan; swept_by: string }>>`
    SELECT id, to_char(cycle_on, 'YYYY-MM-DD') AS cycle_on, to_char(due_on, 'YYYY-MM-DD') AS due_on,
           to_char(restored_on, 'YYYY-MM-DD') AS restored_on, reset_at, plan::text AS plan, swept_by
      FROM quota_resets WHERE account_id = ${accountId} ORDER BY id DESC LIMIT 100`;
  return {
    ...toSummary(row),
    createdAt: row.created_at,
    resets: resets.map((r) => ({
      id: r.id, cycleOn: r.cycle_on, dueOn: r.due_on, restoredOn: r.restored_on, resetAt: r.reset_at, plan: r.plan, sweptBy: r.swept_by,
      byOperator: r.swept_by.startsWith(operatorResetPrefix),
    })),
  };
}

/** swept_by of an operator's reset: operator:<email>. */
export const operatorResetPrefix = "operator:";
