// Audit entries as a table: when (in the operator's zone), who, what, which record, from -> to, why.
import Link from "@/components/link.tsx";
import type { AuditEntryView } from "@/lib/audit/audit-log.ts";
import { instantsInZone } from "@/lib/time/zoned-text.ts";
import { ZonedTime } from "./zoned-time.tsx";

/** An entry's from or to, keyed; the instants it records (ISO, UTC) are shown in the display zone. */
function show(value: unknown, zone: string): string {
  if (value === null || value === undefined) return "—";
  const text =
    typeof value === "object"
      ? Object.entries(value as Record<string, unknown>)
          .map(([key, v]) => `${key}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
          .join(", ")
      : String(value);
  return instantsInZone(text, zone);
}

function recordLink(entry: AuditEntryView) {
  if (entry.recordType === "scheduled_job") return <Link href={`/jobs/${entry.recordId}`}>job {entry.recordId}</Link>;
  if (entry.recordType === "dispute") return <Link href={`/disputes/${entry.recordId}`}>dispute {entry.recordId}</Link>;
  if (entry.recordType === "quota_account") return <Link href={`/accounts/${entry.recordId}`}>account {entry.recordId}</Link>;
  if (entry.recordType === "booking") return <Link href={`/bookings/${entry.recordId}`}>booking {entry.recordId}</Link>;
  if (entry.recordType === "job_type") return <Link href={`/jobs?type=${encodeURIComponent(entry.recordId)}`}>job type {entry.recordId}</Link>;
  if (entry.recordType === "recurring_schedule") return <Link href="/recurring">schedule {entry.recordId}</Link>;
  if (entry.recordType === "webhook_endpoint") return <Link href="/webhooks">webhook endpoint {entry.recordId}</Link>;
  return (
    <span>
      {entry.recordType} {entry.recordId}
    </span>
  );
}

export function AuditList({ entries, zone, now, showRecord = true }: { entries: AuditEntryView[]; zone: string; now: Date; showRecord?: boolean }) {
  if (entries.length === 0) return <p className="empty">No operator has acted here yet.</p>;
  return (
    <div className="table-wrap">
      <table className="data-table" aria-label="Audit entries">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            {showRecord ? <th scope="col">Record</th> : null}
            <th scope="col">From → to</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <ZonedTime now={now} instant={entry.at} zone={zone} />
              </td>
              <td>
                <bdi className="clip" title={entry.actorEmail}>{entry.actorEmail}</bdi>
              </td>
              <td>
                <code>{entry.action}</code>
                {entry.batchId ? <div className="muted">batch {entry.batchId}</div> : null}
              </td>
              {showRecord ? <td>{recordLink(entry)}</td> : null}
              <td>
                <span className="clip-wide" title={`${show(entry.fromValue, zone)} → ${show(entry.toValue, zone)}`}>
                  <bdi>{show(entry.fromValue, zone)}</bdi> → <bdi>{show(entry.toValue, zone)}</bdi>
                </span>
              </td>
              <td>{entry.reason ? <bdi className="clip" title={entry.reason}>{entry.reason}</bdi> : <span className="muted">none given</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
