// One job: what it is, when it runs (operator's zone and UTC), its payload, its attempts as a
// timeline with their errors, the business record it belongs to, what operators did to it, and
// the actions an operator may take.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { subjectHref } from "@/lib/format/subject-links.ts";
import { notFound } from "next/navigation";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { findJobDetail, pausedJobTypes } from "@/lib/scheduler/admin/index.ts";
import { businessTimeOfJob } from "@/lib/operations/business-time.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { catalogue } from "@/jobs/index.ts";
import { listAuditEntries } from "@/lib/audit/audit-log.ts";
import { formatInZone, toDateTimeLocalValue } from "@/lib/time/zoned-time.ts";
import { jobId as jobIdSchema } from "@/lib/operations/inputs.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { StatusBadge } from "@/components/status-badge.tsx";
import { ZonedTime } from "@/components/zoned-time.tsx";
import { ZonedText } from "@/components/zoned-text.tsx";
import { JobActionForms, type BusinessTimeProps } from "@/components/job-action-forms.tsx";
import { AuditList } from "@/components/audit-list.tsx";
import { cancelJobAction, rescheduleJobAction, retryJobAction, runJobNowAction } from "./actions.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: `Job ${(await params).id}` };
}

export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requireViewer();
  const parsedId = jobIdSchema.safeParse((await params).id);
  if (!parsedId.success) notFound();
  const db = getDb();
  const job = await readWithRetry(() => findJobDetail(db, parsedId.data));
  if (!job) notFound();
  const { entries } = await readWithRetry(() => listAuditEntries(db, { recordType: "scheduled_job", recordId: job.id, limit: 50 }));
  const { zone } = await displayZone();
  const typePaused = (await readWithRetry(() => pausedJobTypes(db))).includes(job.jobType);
  const subject = job.subjectType ? `${job.subjectType}:${job.subjectId ?? ""}` : null;
  // The record's own page (a booking's, a dispute's); null when it has none but its jobs list.
  const href = subjectHref(job.subjectType, job.subjectId);
  const recordPage = href && !href.startsWith("/jobs") ? href : null;
  // A type bound to its business time: the action forms say, before the operator confirms, that
  // an early run will not act early and when it will (decision 0020).
  const [notice, now] = await Promise.all([
    readWithRetry(() => businessTimeOfJob(db, catalogue, BigInt(job.id), job.jobType)),
    readWithRetry(async () => (await databaseClock(db))()),
  ]);
  const businessTime: BusinessTimeProps | null =
    notice && (notice.at === null || now < notice.at)
      ? { jobType: notice.jobType, instant: notice.instant, atText: notice.at ? formatInZone(notice.at, zone) : null }
      : null;
  const deferredRuns = job.runs.filter((run) => run.outcome === "deferred").length;

  return (
    <>
      <p className="muted">
        <Link href="/jobs">← Jobs</Link>
      </p>
      <div className="page-heading">
        <h1>
          Job {job.id} <code>{job.jobType}</code>
        </h1>
        <StatusBadge status={job.status} />
      </div>
      {typePaused ? (
        <p className="notice" role="status">
          <span className="badge badge-paused">type paused</span> {job.jobType} is paused: no tick runs it until it is resumed on{" "}
          <Link href="/job-types">Job types</Link>.
        </p>
      ) : null}

      <section className="card" aria-labelledby="facts-heading">
        <h2 id="facts-heading">Facts</h2>
        <dl className="detail-grid">
          <dt>Runs at</dt>
          <dd>
            <ZonedTime now={now} instant={job.runAt} zone={zone} utc />
          </dd>
          <dt>Attempts</dt>
          <dd>
            {job.attempts} of {job.maxAttempts}
            {deferredRuns > 0 ? (
              <span className="muted">
                {" "}
                ({deferredRuns} deferred to the business time, each attempt given back)
              </span>
            ) : null}
          </dd>
          <dt>Business record</dt>
          <dd>
            {subject ? (
              <>
                {recordPage ? (
                  <>
                    <Link href={recordPage}>
                      <bdi>{subject}</bdi>
                    </Link>{" "}
                    ·{" "}
                  </>
                ) : null}
                <Link href={`/jobs?subject=${encodeURIComponent(subject)}`}>
                  {recordPage ? "all its jobs" : <><bdi>{subject}</bdi> (all its jobs)</>}
                </Link>
              </>
            ) : (
              <span className="muted">none</span>
            )}
          </dd>
          <dt>Key</dt>
          <dd>
            {job.key ? (
              <code>
                <bdi>{job.key}</bdi>
              </code>
            ) : (
              <span className="muted">none</span>
            )}
          </dd>
          {job.recurringName ? (
            <>
              <dt>Recurring schedule</dt>
              <dd>
                <code>{job.recurringName}</code>
              </dd>
            </>
          ) : null}
          {job.lastError ? (
            <>
              <dt>Last error</dt>
              <dd className="error-block">
                <ZonedText text={job.lastError} zone={zone} />
              </dd>
            </>
          ) : null}
          {job.cancelledAt ? (
            <>
              <dt>Cancelled</dt>
              <dd>
                <ZonedTime now={now} instant={job.cancelledAt} zone={zone} /> by <bdi>{job.cancelledBy}</bdi>: <ZonedText text={job.cancelReason ?? ""} zone={zone} />
              </dd>
            </>
          ) : null}
          {job.finishedAt ? (
            <>
              <dt>Finished</dt>
              <dd>
                <ZonedTime now={now} instant={job.finishedAt} zone={zone} />
              </dd>
            </>
          ) : null}
          <dt>Created</dt>
          <dd>
            <ZonedTime now={now} instant={job.createdAt} zone={zone} />
          </dd>
        </dl>
      </section>

      <section aria-labelledby="actions-heading" className="agenda-section">
        <h2 id="actions-heading">Actions</h2>
        {operator.role !== "operator" ? <p className="muted">You are signed in as a viewer: you can see everything but not act.</p> : null}
        <JobActionForms
            jobId={job.id}
            status={job.status}
            version={job.version}
            zone={zone}
            runAtLocal={toDateTimeLocalValue(job.runAt, zone)}
            canAct={operator.role === "operator"}
            businessTime={businessTime}
            actions={{ reschedule: rescheduleJobAction, cancel: cancelJobAction, runNow: runJobNowAction, retry: retryJobAction }}
          />
      </section>

      <section aria-labelledby="runs-heading" className="agenda-section">
        <h2 id="runs-heading">Run history</h2>
        {job.runs.length === 0 ? (
          <p className="empty">No attempt yet.</p>
        ) : (
          <ol className="timeline">
            {job.runs.map((run) => (
              <li key={run.attempt}>
                <strong>Attempt {run.attempt}</strong> <span className={`badge badge-run-${run.outcome}`}>{run.outcome}</span>
                <div className="muted">
                  started <ZonedTime now={now} instant={run.startedAt} zone={zone} />
                  {run.finishedAt ? (
                    <>
                      {" "}
                      · took {((run.finishedAt.getTime() - run.startedAt.getTime()) / 1000).toFixed(2)} s
                    </>
                  ) : null}{" "}
                  · tick <code>{run.tickId}</code>
                </div>
                {run.error ? (
                  <pre className="error-block">
                    <ZonedText text={run.error} zone={zone} />
                  </pre>
                ) : null}
                {run.note ? (
                  <p className="muted">
                    <ZonedText text={run.note} zone={zone} />
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="payload-heading" className="agenda-section">
        <h2 id="payload-heading">Payload</h2>
        {job.payloadTruncated ? (
          <p className="muted">
            Showing the first {job.payloadText.length.toLocaleString("en")} of {job.payloadChars.toLocaleString("en")} characters.
          </p>
        ) : null}
        <pre className="payload" tabIndex={0} aria-label="Payload JSON">
          {job.payloadText}
        </pre>
      </section>

      <section aria-labelledby="audit-heading" className="agenda-section">
        <h2 id="audit-heading">What operators did</h2>
        <AuditList entries={entries} zone={zone} now={now} showRecord={false} />
      </section>
    </>
  );
}
