"use client";
// The job page's actions as forms posting to server actions. Each form carries the status and
// version the page showed, so a stale page is refused by the server (never overwrites). A
// viewer sees them disabled; the server refuses a viewer regardless.
import { useActionState } from "react";
import type { ActionState } from "./action-state.ts";

type Action = (previous: ActionState, form: FormData) => Promise<ActionState>;

export interface JobActionProps {
  jobId: string;
  status: string;
  version: string;
  zone: string;
  /** The run time as the datetime-local input's starting value, in `zone`. */
  runAtLocal: string;
  canAct: boolean;
  /** Set when the job's type is bound to its business time and that time has not come. */
  businessTime?: BusinessTimeProps | null;
  actions: { reschedule: Action; cancel: Action; runNow: Action; retry: Action };
}

export interface BusinessTimeProps {
  jobType: string;
  /** "the booking's event time" */
  instant: string;
  /** When the job will act, in the operator's zone; null when it cannot be known yet. */
  atText: string | null;
}

/**
 * Shown in a form before the operator confirms an action that would run the job before its
 * business time: the job does not act early, it waits until then (docs/decisions/0020).
 */
function BusinessTimeWarning({ businessTime, effect }: { businessTime: BusinessTimeProps; effect: string }) {
  const when = businessTime.atText ?? "that time (not known yet)";
  return (
    <div className="notice notice-warning" role="note">
      <p>
        <strong>Bound to its business time.</strong> {businessTime.jobType} acts at {businessTime.instant}
        {businessTime.atText ? `: ${businessTime.atText}` : ""}.
      </p>
      <p>
        {effect} It runs, finds that {businessTime.instant} has not come, and waits until {when} without spending an attempt; it acts then.
      </p>
    </div>
  );
}

const idle: ActionState = { ok: false };

function Outcome({ state, id }: { state: ActionState; id: string }) {
  if (!state.message) return null;
  return (
    <p id={id} role={state.ok ? "status" : "alert"} className={`notice ${state.ok ? "notice-ok" : "notice-error"}`}>
      {state.message}
    </p>
  );
}

function FieldError({ state, name }: { state: ActionState; name: string }) {
  const message = state.fieldErrors?.[name];
  return message ? <span className="field-error">{message}</span> : null;
}

function Seen({ jobId, status, version }: Pick<JobActionProps, "jobId" | "status" | "version">) {
  return (
    <>
      <input type="hidden" name="jobId" value={jobId} />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="version" value={version} />
    </>
  );
}

export function JobActionForms(props: JobActionProps) {
  const { status, canAct, zone, actions, businessTime } = props;
  const [rescheduleState, reschedule, reschedulePending] = useActionState(actions.reschedule, idle);
  const [cancelState, cancel, cancelPending] = useActionState(actions.cancel, idle);
  const [runNowState, runNow, runNowPending] = useActionState(actions.runNow, idle);
  const [retryState, retry, retryPending] = useActionState(actions.retry, idle);
  const disabled = !canAct;
  // Outcomes are shown above the forms, not inside them: a successful cancel or retry re-renders
  // the page without that form, and its message must stay.
  const outcomes = [rescheduleState, cancelState, runNowState, retryState].filter((state) => state.message && !state.fieldErrors);
  const finished = status === "succeeded" || status === "cancelled";

  return (
    <>
      {outcomes.map((state, index) => (
        <Outcome key={index} state={state} id={`outcome-${index}`} />
      ))}
      {finished ? <p className="empty">This job is {status}; nothing more can be done to it.</p> : null}
    <div className="actions">
      {status === "pending" || status === "running" ? (
        <form action={reschedule} className="form card" aria-labelledby="reschedule-heading">
          <h3 id="reschedule-heading">Reschedule</h3>
          <Seen {...props} />
          <input type="hidden" name="zone" value={zone} />
          {businessTime ? <BusinessTimeWarning businessTime={businessTime} effect={`Moving it earlier than ${businessTime.atText ?? businessTime.instant} does not make it act earlier.`} /> : null}
          <label>
            New run time ({zone})
            <input type="datetime-local" name="localRunAt" defaultValue={props.runAtLocal} required disabled={disabled} step={60} />
            <FieldError state={rescheduleState} name="localRunAt" />
          </label>
          <label>
            If that time happens twice (clocks going back)
            <select name="offsetChoice" defaultValue="" disabled={disabled}>
              <option value="">Ask me</option>
              <option value="earlier">The first one (summer time)</option>
              <option value="later">The second one (standard time)</option>
            </select>
            <FieldError state={rescheduleState} name="offsetChoice" />
          </label>
          <label>
            Reason
            <input type="text" name="reason" required minLength={3} maxLength={2000} disabled={disabled} />
            <FieldError state={rescheduleState} name="reason" />
          </label>
          <FieldError state={rescheduleState} name="zone" />
          <button type="submit" className="button button-primary" disabled={disabled || reschedulePending}>
            {reschedulePending ? "Rescheduling…" : "Reschedule"}
          </button>
          {rescheduleState.fieldErrors ? <Outcome state={rescheduleState} id="reschedule-outcome" /> : null}
        </form>
      ) : null}

      {status === "pending" || status === "dead" || status === "running" ? (
        <form action={cancel} className="form card" aria-labelledby="cancel-heading">
          <h3 id="cancel-heading">Cancel</h3>
          <Seen {...props} />
          <label>
            Reason for cancelling
            <input type="text" name="reason" required minLength={3} maxLength={2000} disabled={disabled} />
            <FieldError state={cancelState} name="reason" />
          </label>
          <button type="submit" className="button button-danger" disabled={disabled || cancelPending}>
            {cancelPending ? "Cancelling…" : "Cancel job"}
          </button>
          {cancelState.fieldErrors ? <Outcome state={cancelState} id="cancel-outcome" /> : null}
        </form>
      ) : null}

      {status === "pending" ? (
        <form action={runNow} className="form card" aria-labelledby="run-now-heading">
          <h3 id="run-now-heading">Run now</h3>
          <Seen {...props} />
          <p className="muted">Makes the job due now; the next tick runs it.</p>
          {businessTime ? <BusinessTimeWarning businessTime={businessTime} effect="Running it now does not make it act now." /> : null}
          <button type="submit" className="button" disabled={disabled || runNowPending}>
            {runNowPending ? "Working…" : "Run now"}
          </button>
          {runNowState.fieldErrors ? <Outcome state={runNowState} id="run-now-outcome" /> : null}
        </form>
      ) : null}

      {status === "dead" ? (
        <form action={retry} className="form card" aria-labelledby="retry-heading">
          <h3 id="retry-heading">Retry</h3>
          <Seen {...props} />
          <p className="muted">Back to pending with one more attempt, due now.</p>
          {businessTime ? <BusinessTimeWarning businessTime={businessTime} effect="Retrying it now does not make it act now." /> : null}
          <button type="submit" className="button" disabled={disabled || retryPending}>
            {retryPending ? "Working…" : "Retry dead job"}
          </button>
          {retryState.fieldErrors ? <Outcome state={retryState} id="retry-outcome" /> : null}
        </form>
      ) : null}
    </div>
    </>
  );
}
