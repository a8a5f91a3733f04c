// Webhooks: every endpoint, the ones in trouble first (disabled, then failing), each with its
// latest deliveries (failing first) and every attempt (status, latency, the answer's start),
// and the operator's replay, enable, disable and delete (docs/decisions/0029, 0052).
import type { Metadata } from "next";
import { z } from "zod";
import Link from "@/components/link.tsx";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { webhooksOverview } from "@/lib/operations/webhooks.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { pageNow } from "@/app/_lib/page-now.ts";
import { ZonedTime } from "@/components/zoned-time.tsx";
import { WebhookControl } from "@/components/webhook-controls.tsx";
import { WebhookDeleteControl } from "@/components/webhook-delete-control.tsx";
import type { RawSearchParams } from "@/app/_lib/search-params.ts";
import { webhookAction } from "./actions.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhooks" };

/** `?deleted=<id>`: where the Delete action lands, so the operator is told (the endpoint's section is gone). */
const deletedParam = z.object({ deleted: z.string().regex(/^[1-9][0-9]{0,9}$/).optional() });

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const operator = await requireViewer();
  const parsed = deletedParam.safeParse(await searchParams);
  const deleted = parsed.success ? parsed.data.deleted : undefined;
  const { zone } = await displayZone();
  const [endpoints, now] = await Promise.all([readWithRetry(() => webhooksOverview(getDb())), pageNow(getDb())]);
  const canAct = operator.role === "operator";
  return (
    <>
      <div className="page-heading">
        <h1>Webhooks</h1>
      </div>
      <p className="muted">Endpoints integrators registered, disabled and failing ones first. Each delivery is a job; every attempt is kept.</p>
      {deleted ? (
        <p className="notice" role="status">
          Endpoint {deleted} was deleted, with its deliveries and their attempts; the audit log keeps who deleted it.
        </p>
      ) : null}
      {endpoints.length === 0 ? <p className="empty">No webhook endpoint yet: integrators register them through the API.</p> : null}
      {endpoints.map((e) => (
        <section key={e.id} aria-label={`Endpoint ${e.id}`} className="card">
          <h2>
            Endpoint {e.id} <code>{e.url}</code>{" "}
            <span className={`badge ${e.status === "disabled" ? "badge-dead" : e.consecutiveFailures > 0 ? "badge-paused" : "badge-succeeded"}`}>
              {e.status === "disabled" ? "disabled" : e.consecutiveFailures > 0 ? `failing (${e.consecutiveFailures})` : "healthy"}
            </span>
          </h2>
          <p className="muted">
            For {e.owner}; events: {e.eventTypes.join(", ")}
            {e.failingSince ? <> · failing since <ZonedTime now={now} instant={new Date(e.failingSince)} zone={zone} /></> : null}
            {e.disabledReason ? <> · disabled: {e.disabledReason}</> : null}
          </p>
          <WebhookControl endpointId={e.id} seenStatus={e.status} intent={e.status === "disabled" ? "enable" : "disable"} label={e.status === "disabled" ? "Enable" : "Disable"} canAct={canAct} action={webhookAction} />{" "}
          <WebhookDeleteControl endpointId={e.id} seenStatus={e.status} deliveries={e.deliveries.length} canAct={canAct} action={webhookAction} />
          {e.deliveries.length === 0 ? (
            <p className="empty">No delivery yet.</p>
          ) : (
            <div className="table-wrap">
              <table className="data-table" aria-label={`Deliveries of endpoint ${e.id}`}>
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col">Status</th>
                    <th scope="col">Attempts ({zone})</th>
                    <th scope="col">Replay</th>
                  </tr>
                </thead>
                <tbody>
                  {e.deliveries.map((d) => (
                    <tr key={d.id}>
                      <th scope="row">
                        <code>{d.eventType}</code> <span className="muted">#{d.eventId}{d.replay ? " (replay)" : ""}</span>
                        {/* Inline, not on a line of its own: a list keeps one line per row (tests/e2e/dense-lists.spec.ts). */}
                        {" · "}
                        {d.object.href ? <Link href={d.object.href}>{d.object.label}</Link> : <span className="muted">{d.object.label}</span>}
                        {d.job?.href ? <> · <Link href={d.job.href}>{d.job.label}</Link></> : null}
                      </th>
                      <td>{d.status}{d.nextAttemptAt ? <> · next <ZonedTime now={now} instant={new Date(d.nextAttemptAt)} zone={zone} /></> : null}</td>
                      <td>
                        <ul className="plain-list">
                          {d.attempts.map((a, i) => (
                            <li key={i}>
                              <ZonedTime now={now} instant={new Date(a.at)} zone={zone} /> · {a.statusCode ?? "no answer"} · {a.latencyMs} ms
                              {a.error ? <> · <span className="error-block">{a.error}</span></> : null}
                              {a.responseExcerpt ? <> · <code>{a.responseExcerpt.slice(0, 120)}</code></> : null}
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td>
                        <WebhookControl endpointId={e.id} seenStatus={e.status} intent="replay" eventId={d.eventId} label="Replay" canAct={canAct && e.status === "enabled"} action={webhookAction} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </>
  );
}
