// Per job type: jobs in each status, the oldest one waiting, failures in the last 24 hours, and
// the incident switch (pause / resume).
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { jobTypeStats } from "@/lib/scheduler/admin/index.ts";
import { duration } from "@/lib/format/relative-time.ts";
import { catalogue } from "@/jobs/index.ts";
import { jobStatuses } from "@/lib/validation/fields.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { ZonedTime } from "@/components/zoned-time.tsx";
import { PauseSwitch } from "@/components/pause-switch.tsx";
import { pauseJobTypeAction, resumeJobTypeAction } from "./actions.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Job types" };


export default async function JobTypesPage() {
  const operator = await requireViewer();
  const { zone } = await displayZone();
  const db = getDb();
  const now = await readWithRetry(async () => (await databaseClock(db))());
  const stats = await readWithRetry(() => jobTypeStats(db, now, catalogue.all().map((d) => d.name)));
  const canAct = operator.role === "operator";

  return (
    <>
      <div className="page-heading">
        <h1>Job types</h1>
      </div>
      <p className="muted">
        Pausing a type stops every tick from running its jobs; they stay pending with their run times and run when it is resumed.
        {canAct ? "" : " You are signed in as a viewer: you can see everything but not act."}
      </p>
      {stats.length === 0 ? (
        <p className="empty">No job types yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table" aria-label="Job types">
            <thead>
              <tr>
                <th scope="col">Type</th>
                {jobStatuses.map((s) => (
                  <th key={s} scope="col">
                    {s}
                  </th>
                ))}
                <th scope="col">Oldest due</th>
                <th scope="col">Failures, 24 h</th>
                <th scope="col">Switch</th>
              </tr>
            </thead>
            <tbody>
              {stats.map((type) => (
                <tr key={type.jobType}>
                  <th scope="row">
                    <span className="stack">
                      <Link href={`/jobs?type=${encodeURIComponent(type.jobType)}`}>
                        <code className="clip" title={type.jobType}>{type.jobType}</code>
                      </Link>
                      {type.paused ? (
                        <span className="badge badge-paused" title={`paused by ${type.paused.pausedBy}: ${type.paused.reason}`}>
                          paused
                        </span>
                      ) : null}
                      {type.paused ? (
                        <span className="muted">
                          by <bdi>{type.paused.pausedBy}</bdi>: <bdi>{type.paused.reason}</bdi>
                        </span>
                      ) : null}
                    </span>
                  </th>
                  {jobStatuses.map((s) => (
                    <td key={s}>
                      {type.counts[s] > 0 ? <Link href={`/jobs?type=${encodeURIComponent(type.jobType)}&status=${s}`}>{type.counts[s].toLocaleString("en")}</Link> : <span className="muted">0</span>}
                    </td>
                  ))}
                  <td>
                    {type.oldestDue ? (
                      <span className="stack">
                        <ZonedTime now={now} instant={type.oldestDue} zone={zone} />
                        <span className="muted">{duration(now.getTime() - type.oldestDue.getTime())} late</span>
                      </span>
                    ) : (
                      <span className="muted">nothing waiting</span>
                    )}
                  </td>
                  <td>{type.failures24h}</td>
                  <td>
                    <PauseSwitch key={String(type.paused !== null)} jobType={type.jobType} paused={type.paused !== null} canAct={canAct} pause={pauseJobTypeAction} resume={resumeJobTypeAction} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
