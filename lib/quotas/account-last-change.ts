// What last happened to a quota account, in words, for a stale-page refusal (operator-resets.ts),
// as job-last-change.ts does for jobs: "the tick's reset sweep reset it at 00:00:02 (to the pro
// plan, for 2026-12-01)", "Olga Ops moved its next reset at 10:01 from 2026-12-15 to 2026-12-20",
// "the customer Ann Lee (customer 3) changed its plan at 10:02 (pro, downgrading to free at the
// next reset)". The page's version says only that something changed; these records say what,
// who and when.
//
// Three records say what happens to an account's cycle: its resets (quota_resets, with which
// sweep or writer), operators' audit entries (reset now, move the next reset) and its last plan
// change (plan_changed_at/by, as the caller of changePlan named itself). The latest is described,
// its time in the operator's zone. Consumption changes none of them (it does not make a page stale).
import type { Tx } from "../db/client.ts";
import { operatorName, whoChangedIt } from "../operations/who-changed-it.ts";
import { formatInZone } from "../time/zoned-time.ts";
import { operatorResetPrefix } from "./account-views.ts";

interface Change {
  source: "reset" | "audit" | "plan";
  at: Date;
  /** swept_by, the operator's name, or plan_changed_by. */
  who: string | null;
  action: string | null;
  plan: string | null;
  nextPlan: string | null;
  /** A reset's local date, or a moved reset's from and to dates. */
  fromDate: string | null;
  toDate: string | null;
}

/** The latest of the account's resets, audit entries and plan change; at one instant the audit entry (it names the operator) first. */
async function latestChange(tx: Tx, accountId: bigint): Promise<Change | null> {
  const [change] = await tx.$queryRaw<Change[]>`
    SELECT source, at, who, action, plan, next_plan AS "nextPlan", from_date AS "fromDate", to_date AS "toDate" FROM (
      (SELECT 'audit' AS source, 0 AS rank, a.at, coalesce(nullif(u.name, ''), a.actor_email) AS who, a.action,
              NULL::text AS plan, NULL::text AS next_plan, a.from_value ->> 'nextResetOn' AS from_date, a.to_value ->> 'nextResetOn' AS to_date
         FROM audit_entries a LEFT JOIN auth_users u ON u.id = a.actor_id
        WHERE a.record_type = 'quota_account' AND a.record_id = ${accountId.toString()}
        ORDER BY a.at DESC, a.id DESC LIMIT 1)
      UNION ALL
      (SELECT 'reset', 1, r.reset_at, r.swept_by, NULL, r.plan::text, NULL, NULL, to_char(r.restored_on, 'YYYY-MM-DD')
         FROM quota_resets r WHERE r.account_id = ${accountId} ORDER BY r.id DESC LIMIT 1)
      UNION ALL
      SELECT 'plan', 2, a.plan_changed_at, a.plan_changed_by, NULL, a.plan::text, a.next_plan::text, NULL, NULL
        FROM quota_accounts a WHERE a.id = ${accountId} AND a.plan_changed_at IS NOT NULL
    ) changes
    ORDER BY at DESC, rank
    LIMIT 1`;
  return change ?? null;
}

/** Which writer reset the account, from its reset record's swept_by (reset-account-if-due.ts, jobs/quotas/reset-sweep.ts). */
async function whoReset(tx: Tx, sweptBy: string | null): Promise<string> {
  if (!sweptBy) return "someone (not recorded)";
  if (sweptBy.startsWith(operatorResetPrefix)) return operatorName(tx, sweptBy.slice(operatorResetPrefix.length));
  if (sweptBy === "on consumption") return "its own usage (the first use after its reset time, through the API)";
  if (sweptBy === "on plan change") return "a plan change (its reset was due first)";
  if (sweptBy === "on operator reset") return "an operator's reset now (its regular reset was due first)";
  // The sweep's job labels its resets with the job's key (recurring:quotas.reset-sweep:<instant>).
  if (sweptBy.startsWith("recurring:") || sweptBy.startsWith("job:")) return "the tick's reset sweep";
  return `the reset sweep (${sweptBy})`;
}

async function describe(tx: Tx, change: Change, zone: string): Promise<string> {
  const at = formatInZone(change.at, zone);
  if (change.source === "reset") return `${await whoReset(tx, change.who)} reset it at ${at} (to the ${change.plan} plan's allowances, on ${change.toDate})`;
  if (change.source === "plan") {
    const pending = change.nextPlan ? `, downgrading to ${change.nextPlan} at the next reset` : "";
    return `${await whoChangedIt(tx, change.who)} changed its plan at ${at} (now ${change.plan}${pending})`;
  }
  if (change.action === "quota.move_reset") return `${change.who} moved its next reset at ${at} from ${change.fromDate} to ${change.toDate}`;
  if (change.action === "quota.reset_now") return `${change.who} reset it now at ${at}`;
  return `${change.who} changed it at ${at} (${change.action})`;
}

/** "the tick's reset sweep reset it at 2026-12-01 00:00:02 Europe/Berlin (+01:00) (…)", or null when nothing is recorded. */
export async function describeAccountLastChange(tx: Tx, accountId: bigint, zone: string): Promise<string | null> {
  const change = await latestChange(tx, accountId);
  return change ? describe(tx, change, zone) : null;
}
