// Recurring schedules: when each runs next (its next occurrences in the operator's zone), the
// last error, and pause / resume / run now.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { listRecurring } from "@/lib/scheduler/admin/index.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { pageNow } from "@/app/_lib/page-now.ts";
import { ZonedTime } from "@/components/zoned-time.tsx";
import { RecurringControls } from "@/components/recurring-controls.tsx";
import { recurringAction } from "./actions.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Recurring schedules" };

export default async function RecurringPage() {
  const operator = await requireViewer();
  const { zone } = await displayZone();
  const [schedules, now] = await Promise.all([readWithRetry(() => listRecurring(getDb())), pageNow(getDb())]);
  return (
    <>
      <div className="page-heading">
        <h1>Recurring schedules</h1>
      </div>
      <p className="muted">
        Declared in the code (jobs/); each occurrence becomes an ordinary job. A paused schedule enqueues nothing; when resumed, missed
        occurrences follow its catch-up policy.
      </p>
      {schedules.length === 0 ? (
        <p className="empty">No recurring schedule yet: the first tick brings the code&apos;s schedules into the table.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table" aria-label="Recurring schedules">
            <thead>
              <tr>
                <th scope="col">Schedule</th>
                <th scope="col">Next occurrences ({zone})</th>
                <th scope="col">Last enqueued</th>
                <th scope="col">Last error</th>
                <th scope="col">Controls</th>
              </tr>
            </thead>
            <tbody>
              {schedules.map((s) => (
                <tr key={s.name}>
                  <th scope="row">
                    <span className="stack">
                      <code>{s.name}</code>
                      <span className="muted">
                        <code>{s.cron}</code> in {s.timeZone} → <Link href={`/jobs?type=${encodeURIComponent(s.jobType)}`}>{s.jobType}</Link>
                      </span>
                      {!s.enabled ? <span className="badge badge-paused">paused</span> : null}
                      {s.retired ? <span className="badge badge-cancelled">retired</span> : null}
                    </span>
                  </th>
                  <td>
                    <ul className="plain-list">
                      {s.upcoming.map((at) => (
                        <li key={at.toISOString()}>
                          <ZonedTime now={now} instant={at} zone={zone} />
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>{s.lastEnqueuedAt ? <ZonedTime now={now} instant={s.lastEnqueuedAt} zone={zone} /> : <span className="muted">never</span>}</td>
                  <td>{s.lastError ? <span className="error-block">{s.lastError}</span> : <span className="muted">none</span>}</td>
                  <td>{s.retired ? <span className="muted">retired</span> : <RecurringControls key={String(s.enabled)} name={s.name} enabled={s.enabled} canAct={operator.role === "operator"} action={recurringAction} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
