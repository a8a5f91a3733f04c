// Alerts (docs/decisions/0036): what Duly watches (lag, dead jobs, failing webhook endpoints),
// where it tells someone (a Slack-format webhook, email through DULY_ALERT_SMTP_URL), the
// heartbeat pinged after every tick, each condition's state and the last alerts sent with their
// delivery status. Operators only: the destinations are credentials.
import type { Metadata } from "next";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { alertsOverview } from "@/lib/operations/alerts.ts";
import { conditionLabels } from "@/lib/alerts/conditions.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { pageNow } from "@/app/_lib/page-now.ts";
import { ZonedTime } from "@/components/zoned-time.tsx";
import { AlertSettingsForm } from "@/components/alert-settings-form.tsx";
import { saveAlertSettingsAction } from "./actions.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage() {
  const operator = await requireViewer();
  if (operator.role !== "operator") {
    return (
      <>
        <div className="page-heading">
          <h1>Alerts</h1>
        </div>
        <p className="notice">Only an operator may see and change the alert settings: their destinations are credentials.</p>
      </>
    );
  }
  const { zone } = await displayZone();
  const overview = await readWithRetry(() => alertsOverview(getDb()));
  const now = await pageNow(getDb());
  const { settings } = overview;
  return (
    <>
      <div className="page-heading">
        <h1>Alerts</h1>
      </div>
      <p className="muted">
        Every minute Duly judges these conditions and tells the destinations when one goes bad, again while it lasts, and when it clears. Each message is a job
        (alerts.deliver), retried with backoff.
        {settings.updatedBy ? <> Last saved by {settings.updatedBy}.</> : " These are the defaults: no operator has saved them yet."}
      </p>
      {overview.heartbeatFromEnvironment ? <p className="muted">The heartbeat URL comes from DULY_ALERT_HEARTBEAT_URL ({overview.heartbeatFromEnvironment}) and wins over the one below.</p> : null}
      <section aria-labelledby="conditions-heading" className="card">
        <h2 id="conditions-heading">Conditions now</h2>
        {overview.conditions.length === 0 ? (
          <p className="empty">Not judged yet: the first evaluation runs within a minute of a tick.</p>
        ) : (
          <ul className="plain-list">
            {overview.conditions.map((c) => (
              <li key={c.condition}>
                <span className={`badge ${c.firing ? "badge-dead" : "badge-succeeded"}`}>{c.firing ? "firing" : "ok"}</span> {conditionLabels[c.condition]}: {c.detail}{" "}
                <span className="muted">
                  (since <ZonedTime instant={c.since} zone={zone} now={now} />)
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <AlertSettingsForm values={settings} smtpConfigured={overview.smtpConfigured} action={saveAlertSettingsAction} />
      <section aria-labelledby="sent-heading">
        <h2 id="sent-heading">Last alerts</h2>
        {overview.notifications.length === 0 ? (
          <p className="empty">No alert sent yet.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table" aria-labelledby="sent-heading">
              <thead>
                <tr>
                  <th scope="col">When ({zone})</th>
                  <th scope="col">To</th>
                  <th scope="col">Message</th>
                  <th scope="col">Delivery</th>
                </tr>
              </thead>
              <tbody>
                {overview.notifications.map((n) => (
                  <tr key={n.id}>
                    <td>
                      <ZonedTime instant={n.createdAt} zone={zone} now={now} />
                    </td>
                    <td>{n.channel}</td>
                    <td>{n.message}</td>
                    <td>
                      {n.delivery.state === "sent" && n.sentAt ? (
                        <>
                          sent <ZonedTime instant={n.sentAt} zone={zone} now={now} />
                        </>
                      ) : n.delivery.state === "failed" ? (
                        <>failed after {n.delivery.attempts} attempts</>
                      ) : n.delivery.maxAttempts === 0 ? (
                        <>waiting for its delivery job</>
                      ) : (
                        <>sending (attempt {n.delivery.attempts} of {n.delivery.maxAttempts})</>
                      )}
                      {n.delivery.state !== "sent" && n.delivery.lastError ? <span className="error-block">{n.delivery.lastError}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
