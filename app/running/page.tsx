// Running now: every job a tick holds, longest running first: since when and on which tick, the
// attempt under way, how much of its lease is left (a lease that has passed means the worker is
// gone or stuck: the next housekeeping hands the job back) and whether a cancel is waiting for
// the attempt to end. Refreshes itself every 5 s, pausable.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { runningJobs } from "@/lib/scheduler/admin/index.ts";
import { duration } from "@/lib/format/relative-time.ts";
import { formatInZone } from "@/lib/time/zoned-time.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { subjectHref } from "@/lib/format/subject-links.ts";
import { AutoRefresh } from "@/components/auto-refresh.tsx";
import { ZonedTime } from "@/components/zoned-time.tsx";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Running now" };

const shown = 500;

export default async function RunningPage() {
  await requireViewer();
  const { zone } = await displayZone();
  const db = getDb();
  const now = await readWithRetry(async () => (await databaseClock(db))());
  const jobs = await readWithRetry(() => runningJobs(db, shown + 1));
  return (
    <>
      <div className="page-heading">
        <h1>Running now</h1>
        <AutoRefresh seconds={5} renderedAt={now.toISOString()} renderedText={formatInZone(now, zone)} />
      </div>
      {jobs.length === 0 ? (
        <p className="muted">No job is running.</p>
      ) : (
        <>
          <p className="muted">
            {jobs.length > shown ? `The ${shown} longest running of more than ${shown} jobs` : `${jobs.length} job${jobs.length === 1 ? "" : "s"}`} held by a tick,
            longest running first.
          </p>
          <div className="table-wrap">
            <table className="phone-list" aria-label="Running jobs">
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Type</th>
                  <th scope="col">Record</th>
                  <th scope="col">Attempt</th>
                  <th scope="col">Running for</th>
                  <th scope="col">Lease left</th>
                  <th scope="col">Tick</th>
                </tr>
              </thead>
              <tbody>
                {jobs.slice(0, shown).map((job) => {
                  const subject = job.subjectType ? `${job.subjectType}:${job.subjectId ?? ""}` : null;
                  const href = subjectHref(job.subjectType, job.subjectId);
                  const leftMs = job.leaseExpiresAt ? job.leaseExpiresAt.getTime() - now.getTime() : null;
                  return (
                    <tr key={String(job.id)}>
                      <td>
                        <Link href={`/jobs/${job.id}`}>#{String(job.id)}</Link>
                        {job.cancelRequested ? <strong> (cancel requested)</strong> : null}
                      </td>
                      <td>
                        <code>{job.jobType}</code>
                      </td>
                      <td>{subject && href ? <Link href={href}><bdi>{subject}</bdi></Link> : <span className="muted">none</span>}</td>
                      <td>
                        {job.attempt} of {job.maxAttempts}
                      </td>
                      <td>
                        {job.startedAt ? (
                          <>
                            {duration(now.getTime() - job.startedAt.getTime())}, since <ZonedTime now={now} instant={job.startedAt} zone={zone} />
                          </>
                        ) : (
                          <span className="muted">no run record</span>
                        )}
                      </td>
                      <td>
                        {leftMs === null ? (
                          <span className="muted">none</span>
                        ) : leftMs >= 0 ? (
                          duration(leftMs)
                        ) : (
                          <strong>passed {duration(-leftMs)} ago: the next housekeeping hands it back</strong>
                        )}
                      </td>
                      <td>
                        <code>{job.tickId ?? "unknown"}</code>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
