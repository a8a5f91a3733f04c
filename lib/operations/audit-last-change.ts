// The latest operator action on a record, in words, for a refusal that says "someone already
// did this": "Olga Ops paused it at 2026-12-01 10:02:00 Europe/Berlin (+01:00) (incident 42)".
// For records only operators change (a job type's pause, a recurring schedule's switch), the
// audit log is the whole story of who changed them and when.
import type { Tx } from "../db/client.ts";
import { formatInZone } from "../time/zoned-time.ts";

const verbs: Record<string, string> = {
  "job_type.pause": "paused it",
  "job_type.resume": "resumed it",
  "recurring.pause": "paused it",
  "recurring.resume": "resumed it",
  "recurring.run_now": "asked for a run now",
};

/** "Olga Ops paused it at … (why)", or null when no operator acted on the record. */
export async function describeLastAudit(tx: Tx, record: { type: string; id: string }, zone: string): Promise<string | null> {
  const [entry] = await tx.$queryRaw<Array<{ at: Date; who: string; action: string; reason: string | null }>>`
    SELECT a.at, coalesce(nullif(u.name, ''), a.actor_email) AS who, a.action, left(a.reason, 200) AS reason
      FROM audit_entries a LEFT JOIN auth_users u ON u.id = a.actor_id
     WHERE a.record_type = ${record.type} AND a.record_id = ${record.id}
     ORDER BY a.at DESC, a.id DESC
     LIMIT 1`;
  if (!entry) return null;
  return `${entry.who} ${verbs[entry.action] ?? `changed it (${entry.action})`} at ${formatInZone(entry.at, zone)}${entry.reason ? ` (${entry.reason})` : ""}`;
}
