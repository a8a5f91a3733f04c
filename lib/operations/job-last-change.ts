// What last happened to a job, in words, for a stale-page refusal (job-as-seen.ts): "the tick
// ran it at 10:02 and it succeeded", "Olga Ops rescheduled it at 10:01 to 14:00". An operator
// told only "it changed" reloads and has to work out what happened and whether their action
// still makes sense; told what and who, they can decide at once.
//
// Three records say what happens to a job: the audit log (operators, with who and what), its
// runs (ticks, with the outcome) and its cancellation (a business change, such as a customer
// cancelling a booking, cancels without an audit entry). The engine gives the later of the last
// two (lib/scheduler/admin: latestJobEvent); the latest of all three is described, its time in
// the operator's zone.
import type { Tx } from "../db/client.ts";
import { latestJobEvent } from "../scheduler/admin/index.ts";
import { formatInZone } from "../time/zoned-time.ts";

interface Change {
  source: "audit" | "cancel" | "run";
  at: Date;
  action: string | null;
  who: string | null;
  runAt: string | null;
  outcome: string | null;
  detail: string | null;
}

/**
 * The latest of the job's audit entries, runs and cancellation. Ties (an operator's cancel is
 * both an audit entry and the cancellation columns) go to the audit entry, which says who.
 * The audit entry's actor is named as the sign-in table knows them, or by email.
 */
async function latestChange(tx: Tx, jobId: bigint): Promise<Change | null> {
  const [audit] = await tx.$queryRaw<Change[]>`
    SELECT 'audit' AS source, a.at, a.action, coalesce(u.name, a.actor_email) AS who,
           a.to_value ->> 'runAt' AS "runAt", NULL::text AS outcome, NULL::text AS detail
    FROM audit_entries a LEFT JOIN auth_users u ON u.id = a.actor_id
    WHERE a.record_type = 'scheduled_job' AND a.record_id = ${jobId.toString()}
    ORDER BY a.at DESC, a.id DESC LIMIT 1`;
  const event = await latestJobEvent(tx, jobId);
  if (audit && (!event || audit.at >= event.at)) return audit;
  if (!event) return null;
  return event.kind === "cancel"
    ? { source: "cancel", at: event.at, action: null, who: event.by, runAt: null, outcome: null, detail: event.reason }
    : { source: "run", at: event.at, action: null, who: null, runAt: null, outcome: event.outcome, detail: event.error };
}

const operatorVerbs: Record<string, string> = {
  "job.reschedule": "rescheduled it",
  "job.cancel": "cancelled it",
  "job.run_now": "made it due now",
  "job.retry": "retried it",
  "bulk.shift": "shifted it in a bulk action",
  "bulk.move": "moved it in a bulk action",
  "bulk.cancel": "cancelled it in a bulk action",
  "bulk.retry": "retried it in a bulk action",
  "booking.move_event": "moved its booking's event",
  "booking.cancel": "cancelled its booking",
  "dispute.resolve": "resolved its dispute",
};

/** Actions whose audit entry's `to.runAt` is where they moved the job. */
const movingActions = new Set(["job.reschedule", "bulk.shift", "bulk.move"]);

function describeRun(change: Change, at: string): string {
  const error = change.detail ? `: ${change.detail}` : "";
  switch (change.outcome) {
    case "running":
      return `a tick started running it at ${at}`;
    case "succeeded":
      return `the tick ran it at ${at} and it succeeded`;
    case "failed":
      return `the tick ran it at ${at} and it failed${error}`;
    case "dead":
      return `the tick ran it at ${at} and it failed for the last time (dead)${error}`;
    case "lost":
    case "lease_lost":
      return `its attempt at ${at} was lost (the worker stopped before it finished)`;
    case "cancelled":
      return `it was cancelled at ${at}, before its handler started`;
    default:
      return `the tick ran it at ${at} (${change.outcome ?? "no outcome yet"})`;
  }
}

function describe(change: Change, zone: string): string {
  const at = formatInZone(change.at, zone);
  if (change.source === "run") return describeRun(change, at);
  if (change.source === "cancel") return `${change.who ?? "someone"} cancelled it at ${at}${change.detail ? ` (${change.detail})` : ""}`;
  const verb = operatorVerbs[change.action ?? ""] ?? `changed it (${change.action})`;
  const moved = movingActions.has(change.action ?? "") && change.runAt && !Number.isNaN(Date.parse(change.runAt));
  const to = moved ? ` to ${formatInZone(new Date(change.runAt!), zone)}` : "";
  return `${change.who ?? "an operator"} ${verb} at ${at}${to}`;
}

/** "the tick ran it at 2026-12-01 10:02:00 Europe/Berlin (+01:00) and it succeeded", or null when nothing is recorded. */
export async function describeLastChange(tx: Tx, jobId: bigint, zone: string): Promise<string | null> {
  const change = await latestChange(tx, jobId);
  return change ? describe(change, zone) : null;
}
