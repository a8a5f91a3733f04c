"use client";
// The booking page's actions: move the event (preview first: which jobs move, from when to when;
// then confirm exactly what was previewed) and cancel (reason required). Every form carries the
// booking's status and version as the page showed them, so a stale page is refused by the server.
// A viewer sees them disabled; the server refuses a viewer regardless.
import { startTransition, useActionState, useState, type FormEvent } from "react";
import type { ActionState } from "./action-state.ts";

type Action = (previous: ActionState, form: FormData) => Promise<ActionState>;

export interface MovePreviewState extends ActionState {
  preview?: {
    from: string;
    to: string;
    toIso: string;
    jobs: Array<{ id: string; jobType: string; status: string; from: string; to: string }>;
    /** The customer's pending move request the operator's move withdraws. */
    withdrawnMove: { id: number; to: string } | null;
    /** The chef had accepted: the new time becomes the agreed one. */
    setsAgreedTime: boolean;
  };
}

export interface BookingActionProps {
  bookingId: string;
  status: string;
  version: string;
  zone: string;
  /** The event time as the datetime-local input's starting value, in `zone`. */
  eventAtLocal: string;
  /** Whether the marketplace still lets the event be moved and the booking cancelled. */
  open: boolean;
  /** What cancelling does to this booking (refund, jobs), in words. */
  cancelConsequence: string;
  canAct: boolean;
  actions: {
    preview: (previous: MovePreviewState, form: FormData) => Promise<MovePreviewState>;
    move: Action;
    cancel: Action;
  };
}

const idle: ActionState = { ok: false };
const idlePreview: MovePreviewState = { ok: false };

function Outcome({ state, id }: { state: ActionState; id?: string }) {
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

function Seen({ bookingId, status, version }: Pick<BookingActionProps, "bookingId" | "status" | "version">) {
  return (
    <>
      <input type="hidden" name="bookingId" value={bookingId} />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="version" value={version} />
    </>
  );
}

export function BookingActionForms(props: BookingActionProps) {
  const { canAct, zone, actions, open } = props;
  const [previewState, preview, previewPending] = useActionState(actions.preview, idlePreview);
  const [moveState, move, movePending] = useActionState(actions.move, idle);
  const [cancelState, cancel, cancelPending] = useActionState(actions.cancel, idle);
  /** The form as it was previewed: confirming sends exactly that; editing a field discards the preview. */
  const [previewed, setPreviewed] = useState<FormData | null>(null);
  const disabled = !canAct;
  const outcomes = [moveState, cancelState].filter((state) => state.message && !state.fieldErrors);

  // Submitted by hand (not as a form action) so React keeps the typed values for a confirm or a change.
  function onPreview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPreviewed(form);
    startTransition(() => preview(form));
  }

  function onConfirm() {
    if (!previewed) return;
    const form = previewed;
    setPreviewed(null);
    startTransition(() => move(form));
  }

  const shown = previewed && previewState.ok && previewState.preview ? previewState.preview : null;

  return (
    <>
      {outcomes.map((state, index) => (
        <Outcome key={index} state={state} />
      ))}
      {!open ? <p className="empty">This booking is {props.status.replace("_", " ")}: its event can no longer be moved and it can no longer be cancelled here.</p> : null}
      {open ? (
        <div className="actions">
          <form onSubmit={onPreview} onChange={() => setPreviewed(null)} className="form card" aria-labelledby="move-heading">
            <h3 id="move-heading">Move the event</h3>
            <p className="muted">
              A platform decision, applied at once with your reason in the audit log: the chef is not asked, so the new time must be free in the
              chef&apos;s calendar.
            </p>
            <Seen {...props} />
            <input type="hidden" name="zone" value={zone} />
            <label>
              New event time ({zone})
              <input type="datetime-local" name="localRunAt" defaultValue={props.eventAtLocal} required disabled={disabled} step={60} />
              <FieldError state={previewState} name="localRunAt" />
            </label>
            <label>
              If that time happens twice (clocks going back)
              <select name="offsetChoice" defaultValue="" disabled={disabled}>
                <option value="">Ask me</option>
                <option value="earlier">The first one (summer time)</option>
                <option value="later">The second one (standard time)</option>
              </select>
              <FieldError state={previewState} name="offsetChoice" />
            </label>
            <label>
              Reason
              <input type="text" name="reason" required minLength={3} maxLength={2000} disabled={disabled} />
              <FieldError state={previewState} name="reason" />
            </label>
            <FieldError state={previewState} name="zone" />
            <button type="submit" className="button" disabled={disabled || previewPending || movePending}>
              {previewPending ? "Previewing…" : "Preview move"}
            </button>
            {previewed && !previewState.ok && previewState.message && !previewPending ? <Outcome state={previewState} /> : null}
            {moveState.fieldErrors ? <Outcome state={moveState} /> : null}
            {shown && !previewPending ? (
              <div className="move-preview" aria-live="polite">
                <p>
                  The event moves from <strong>{shown.from}</strong> to <strong>{shown.to}</strong>.
                </p>
                {shown.setsAgreedTime ? (
                  <p>It becomes the agreed time: a later cancellation by the customer is judged against it.</p>
                ) : null}
                {shown.withdrawnMove ? (
                  <p>
                    The customer&apos;s pending move request {shown.withdrawnMove.id} (to {shown.withdrawnMove.to}) is withdrawn.
                  </p>
                ) : null}
                {shown.jobs.length === 0 ? (
                  <p className="muted">No job moves: this booking&apos;s deadlines (answer, payment) do not depend on the event time.</p>
                ) : (
                  <ul className="move-jobs" aria-label="Jobs that move with the event">
                    {shown.jobs.map((job) => (
                      <li key={job.id}>
                        <a href={`/jobs/${job.id}`}>job {job.id}</a> <code>{job.jobType}</code>
                        {job.status === "running" ? <span className="muted"> (running: moves when its attempt ends)</span> : null}
                        <div>
                          from {job.from}
                          <br />
                          to <strong>{job.to}</strong>
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
                <button type="button" className="button button-primary" onClick={onConfirm} disabled={disabled || movePending}>
                  {movePending ? "Moving…" : `Confirm: move the event${shown.jobs.length ? ` and ${shown.jobs.length} job${shown.jobs.length === 1 ? "" : "s"}` : ""}`}
                </button>
              </div>
            ) : null}
          </form>

          <form action={cancel} className="form card" aria-labelledby="cancel-heading">
            <h3 id="cancel-heading">Cancel the booking</h3>
            <Seen {...props} />
            <p className="muted">{props.cancelConsequence}</p>
            <label>
              Reason for cancelling
              <input type="text" name="reason" required minLength={3} maxLength={2000} disabled={disabled} />
              <FieldError state={cancelState} name="reason" />
            </label>
            <button type="submit" className="button button-danger" disabled={disabled || cancelPending}>
              {cancelPending ? "Cancelling…" : "Cancel booking"}
            </button>
            {cancelState.fieldErrors ? <Outcome state={cancelState} /> : null}
          </form>
        </div>
      ) : null}
    </>
  );
}
