"use client";
// Bulk actions on the jobs page: choose the jobs (selected rows, or everything matching the
// filter), the change and a reason; preview (how many change, how many are skipped, where they
// land per hour); confirm, which runs that preview (the jobs it counted, no other); then watch
// it run batch by batch, every previewed job accounted for. An operation left unfinished (tab
// closed, a batch failed) is listed with a Resume button.
import { startTransition, useActionState, useRef, useState, type FormEvent } from "react";
import type { ActionState } from "./action-state.ts";

export interface BulkPreviewState extends ActionState {
  /** The recorded preview Confirm runs. */
  previewId?: string;
  changing?: number;
  running?: number;
  notApplicable?: number;
  unit?: "hour" | "day";
  histogram?: Array<{ label: string; count: number }>;
  /** Jobs bound to their business time that the change takes earlier (they will not act early). */
  businessTime?: BusinessTimeWarning;
}

export interface BusinessTimeWarning {
  jobs: number;
  types: Array<{ jobType: string; instant: string; jobs: number }>;
  /** The first few, with when each will act in the operator's zone (null: cannot be known). */
  examples: Array<{ jobId: string; jobType: string; atText: string | null }>;
}

/** Said before the operator confirms: these jobs will not act early, and when they will. */
function BusinessTimeNotice({ warning }: { warning: BusinessTimeWarning }) {
  return (
    <div className="notice notice-warning" role="note" aria-label="Bound to business time">
      <p>
        <strong>
          {warning.jobs} of these jobs {warning.jobs === 1 ? "is" : "are"} bound to {warning.jobs === 1 ? "its" : "their"} business time
        </strong>{" "}
        ({warning.types.map((t) => `${t.jobType}: ${t.instant}, ${t.jobs}`).join("; ")}). Moved earlier, they do not act earlier: each
        runs, finds its business time has not come, and waits until then without spending an attempt.
      </p>
      {warning.examples.length > 0 ? (
        <ul>
          {warning.examples.map((e) => (
            <li key={e.jobId}>
              <a href={`/jobs/${e.jobId}`}>job {e.jobId}</a> ({e.jobType}) acts at {e.atText ?? "its business time (not known yet)"}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export interface BulkProgressView {
  id: string;
  action: string;
  status: "running" | "done";
  previewed: number;
  changed: number;
  skipped: number;
  skippedBy: { running: number; finished: number; unmatched: number };
  skippedJobs: Array<{ id: string; why: string }>;
  reason: string;
  actorEmail: string;
  createdAt: string;
}

/** "3 skipped: 1 running, 2 finished meanwhile" (the reasons that occurred). */
function skippedWords(progress: BulkProgressView): string {
  const parts = [
    progress.skippedBy.running ? `${progress.skippedBy.running} running` : null,
    progress.skippedBy.finished ? `${progress.skippedBy.finished} finished meanwhile or not applicable` : null,
    progress.skippedBy.unmatched ? `${progress.skippedBy.unmatched} no longer matching the filter` : null,
  ].filter((part) => part !== null);
  return `${progress.skipped} skipped${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

export type BulkRunState = { ok: true; id: string; progress?: BulkProgressView } | { ok: false; message: string };

export interface BulkPanelProps {
  filterQuery: string;
  matching: string;
  zone: string;
  canAct: boolean;
  unfinished: BulkProgressView[];
  preview: (previous: BulkPreviewState, form: FormData) => Promise<BulkPreviewState>;
  start: (form: FormData) => Promise<BulkRunState>;
  next: (id: string) => Promise<BulkRunState>;
}

const idle: BulkPreviewState = { ok: false };

function Histogram({ bars, unit }: { bars: Array<{ label: string; count: number }>; unit: string }) {
  const max = Math.max(1, ...bars.map((b) => b.count));
  return (
    <div className="table-wrap">
      <table className="data-table histogram" aria-label={`Where the jobs land, per ${unit}`}>
        <thead>
          <tr>
            <th scope="col">{unit === "hour" ? "Hour" : "Day"} starting</th>
            <th scope="col">Jobs</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <td>{bar.label}</td>
              <td>
                <span className="histogram-bar" style={{ width: `${Math.max(2, (bar.count / max) * 100)}%` }} aria-hidden="true" /> {bar.count}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BulkPanel({ filterQuery, matching, zone, canAct, unfinished, preview, start, next }: BulkPanelProps) {
  const formRef = useRef<HTMLFormElement>(null);
  /** The form as it was previewed: confirming runs exactly what the preview showed. */
  const previewedForm = useRef<FormData | null>(null);
  const [previewState, previewAction, previewPending] = useActionState(preview, idle);
  const [change, setChange] = useState("shift");
  const [progress, setProgress] = useState<BulkProgressView | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const errors = previewState.fieldErrors ?? {};

  async function runToEnd(id: string) {
    setRunning(true);
    setRunError(null);
    try {
      for (;;) {
        const result = await next(id);
        if (!result.ok) {
          setRunError(`${result.message} The action stopped; resume it below.`);
          return;
        }
        if (result.progress) setProgress(result.progress);
        if (result.progress?.status === "done") return;
      }
    } catch {
      setRunError("The server could not be reached; the action stopped part way. Resume it below.");
    } finally {
      setRunning(false);
    }
  }

  // Submitted by hand (not as a form action) so React does not reset the fields after it: the
  // operator adjusts and previews again, or confirms.
  function onPreview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    previewedForm.current = form;
    startTransition(() => previewAction(form));
  }

  async function confirm() {
    if (!previewedForm.current || !previewState.previewId) return;
    const form = new FormData();
    for (const [key, value] of previewedForm.current.entries()) form.append(key, value);
    form.set("previewId", previewState.previewId);
    const started = await start(form);
    if (!started.ok) {
      setRunError(started.message);
      return;
    }
    await runToEnd(started.id);
  }

  return (
    <section className="card bulk" aria-labelledby="bulk-heading">
      <h2 id="bulk-heading">Bulk action</h2>
      {!canAct ? <p className="muted">Viewers cannot run bulk actions.</p> : null}
      <form id="bulk-form" ref={formRef} onSubmit={onPreview} className="bulk-form">
        <input type="hidden" name="filterQuery" value={filterQuery} />
        <input type="hidden" name="zone" value={zone} />
        <fieldset>
          <legend>Jobs</legend>
          <label>
            <input type="radio" name="scope" value="selected" defaultChecked disabled={!canAct} /> The jobs selected below
          </label>
          <label>
            <input type="radio" name="scope" value="filter" disabled={!canAct} /> Everything matching the filter ({matching})
          </label>
          {errors.ids ? <span className="field-error">{errors.ids}</span> : null}
        </fieldset>
        <label className="field">
          Change
          <select name="change" value={change} onChange={(e) => setChange(e.target.value)} disabled={!canAct}>
            <option value="shift">Shift by an offset</option>
            <option value="move">Move to a time</option>
            <option value="cancel">Cancel</option>
            <option value="retry">Retry (dead jobs: one more attempt, now)</option>
          </select>
        </label>
        {change === "shift" ? (
          <label className="field">
            Offset (e.g. +2h, -30m, +1d)
            <input type="text" name="offset" placeholder="+1d" disabled={!canAct} />
            {errors.offset ? <span className="field-error">{errors.offset}</span> : null}
          </label>
        ) : null}
        {change === "move" ? (
          <>
            <label className="field">
              Move to ({zone})
              <input type="datetime-local" name="moveTo" disabled={!canAct} />
              {errors.moveTo ? <span className="field-error">{errors.moveTo}</span> : null}
            </label>
            <label className="field">
              If that time happens twice
              <select name="offsetChoice" defaultValue="" disabled={!canAct}>
                <option value="">Ask me</option>
                <option value="earlier">The first one</option>
                <option value="later">The second one</option>
              </select>
              {errors.offsetChoice ? <span className="field-error">{errors.offsetChoice}</span> : null}
            </label>
          </>
        ) : null}
        <label className="field">
          Reason
          <input type="text" name="reason" required minLength={3} disabled={!canAct} />
          {errors.reason ? <span className="field-error">{errors.reason}</span> : null}
        </label>
        <button type="submit" className="button" disabled={!canAct || previewPending || running}>
          {previewPending ? "Previewing…" : "Preview"}
        </button>
      </form>

      {previewState.message ? (
        <p role="alert" className="notice notice-error">
          {previewState.message}
          {errors.filterQuery ? ` ${errors.filterQuery}` : ""}
        </p>
      ) : null}
      {previewState.ok ? (
        <div className="bulk-preview" aria-live="polite">
          <p>
            <strong>{previewState.changing} job{previewState.changing === 1 ? "" : "s"} will change.</strong>{" "}
            {previewState.running ? `${previewState.running} running now will be skipped. ` : ""}
            {previewState.notApplicable ? `${previewState.notApplicable} selected are in a status this does not apply to and will be skipped.` : ""}
          </p>
          <p className="muted">Confirm acts on the jobs counted here and no other: jobs created after this preview are left alone.</p>
          {previewState.histogram && previewState.histogram.length > 0 ? <Histogram bars={previewState.histogram} unit={previewState.unit ?? "hour"} /> : null}
          {previewState.businessTime ? <BusinessTimeNotice warning={previewState.businessTime} /> : null}
          <button type="button" className="button button-primary" onClick={confirm} disabled={!canAct || running || !previewState.changing}>
            Confirm: change {previewState.changing} job{previewState.changing === 1 ? "" : "s"}
          </button>
        </div>
      ) : null}

      {progress ? (
        <div className="bulk-progress" role="status">
          <p>
            {progress.status === "done" ? "Done" : "Working"}: {progress.changed} changed, {skippedWords(progress)}, of the {progress.previewed} the preview counted
            {progress.status === "done" && progress.changed + progress.skipped === progress.previewed ? " (every one accounted for)" : ""}.
          </p>
          <progress max={Math.max(progress.previewed, progress.changed + progress.skipped)} value={progress.changed + progress.skipped} />
          {progress.skippedJobs.length > 0 ? (
            <details>
              <summary>Skipped jobs and why</summary>
              <ul>
                {progress.skippedJobs.map((job) => (
                  <li key={job.id}>
                    <a href={`/jobs/${job.id}`}>job {job.id}</a>: {job.why}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
      {runError ? (
        <p role="alert" className="notice notice-error">
          {runError}
        </p>
      ) : null}

      {unfinished.length > 0 ? (
        <div className="bulk-unfinished">
          <h3>Unfinished bulk actions</h3>
          <ul>
            {unfinished.map((op) => (
              <li key={op.id}>
                <code>{op.action}</code> by <bdi>{op.actorEmail}</bdi> (<bdi>{op.reason}</bdi>): {op.changed} changed, {op.skipped} skipped of {op.previewed}.{" "}
                <button type="button" className="button" disabled={!canAct || running} onClick={() => runToEnd(op.id)}>
                  Resume
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
