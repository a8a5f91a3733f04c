"use client";
// The operator's decision on a dispute, in two steps posting to two server actions. Review: the
// outcome, the amount as typed and a reason; the server reads the amount in the booking's
// currency and answers with the split (what goes back to the customer, what to the chef), or why
// not. Confirm: a second form carrying exactly that split in minor units, as the server computed
// it, never the typed text; changing a field hides it until the next review. Both carry the
// status and version the page showed, so a dispute the deadline job or another operator resolved
// meanwhile is refused by the server (never overwritten). A viewer sees it disabled; the server
// refuses a viewer regardless.
import { useActionState, useState } from "react";
import type { ActionState } from "./action-state.ts";

export interface DisputeReviewState extends ActionState {
  review?: {
    disputeId: string;
    status: string;
    version: string;
    bookingVersion: string;
    outcome: "refund" | "partial" | "release";
    reason: string;
    refundMinor: string;
    payoutMinor: string;
    /** The amounts as pages print them. */
    refund: string;
    payout: string;
    held: string;
  };
}

type Action<State> = (previous: State, form: FormData) => Promise<State>;

const idle: ActionState = { ok: false };
const idleReview: DisputeReviewState = { ok: false };
const outcomeNames = { refund: "Full refund", partial: "Partial refund", release: "Release" } as const;

function FieldError({ state, name, id }: { state: ActionState; name: string; id: string }) {
  const message = state.fieldErrors?.[name];
  return message ? (
    <span className="field-error" id={id}>
      {message}
    </span>
  ) : null;
}

function Notice({ state }: { state: ActionState }) {
  return state.message ? (
    <p role={state.ok ? "status" : "alert"} className={`notice ${state.ok ? "notice-ok" : "notice-error"}`}>
      {state.message}
    </p>
  ) : null;
}

/** The confirmation: the split the server computed, sent back as it is. */
function ConfirmDecision({ review, disabled, pending, confirm }: { review: NonNullable<DisputeReviewState["review"]>; disabled: boolean; pending: boolean; confirm: (form: FormData) => void }) {
  return (
    <form action={confirm} className="form move-preview" aria-labelledby="confirm-heading" aria-live="polite">
      <h3 id="confirm-heading">Confirm: {outcomeNames[review.outcome]}</h3>
      <p>
        <strong>{review.refund}</strong> back to the customer, <strong>{review.payout}</strong> to the chef, of the {review.held} the booking holds.
      </p>
      <p className="muted">Reason: {review.reason}</p>
      {(["disputeId", "status", "version", "bookingVersion", "outcome", "reason", "refundMinor", "payoutMinor"] as const).map((name) => (
        <input key={name} type="hidden" name={name} value={review[name]} />
      ))}
      <button type="submit" className="button button-primary" disabled={disabled || pending}>
        {pending ? "Resolving…" : `Confirm: ${review.refund} to the customer, ${review.payout} to the chef`}
      </button>
    </form>
  );
}

export function ResolveDisputeForm({
  disputeId, status, version, currency, held, open, canAct, actions,
}: {
  disputeId: number; status: string; version: string; currency: string; held: string; open: boolean; canAct: boolean;
  actions: { review: Action<DisputeReviewState>; confirm: Action<ActionState> };
}) {
  const [reviewState, review, reviewing] = useActionState(actions.review, idleReview);
  const [state, confirm, confirming] = useActionState(actions.confirm, idle);
  // Controlled, so the typed values stay when a review answers; any change hides the confirmation.
  const [outcome, setOutcome] = useState("partial");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [edited, setEdited] = useState(false);
  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setEdited(true);
  };
  const disabled = !canAct;
  const shown = reviewState.ok && reviewState.review && !edited && !reviewing ? reviewState.review : null;
  return (
    <>
      <Notice state={state} />
      {/* Rendered whether open or not, so the outcome above stays once the page shows the dispute resolved. */}
      {!open ? (
        <p className="empty">This dispute is resolved; nothing more can be done to it.</p>
      ) : (
        <div className="card">
          <form action={review} onSubmit={() => setEdited(false)} className="form" aria-labelledby="resolve-heading">
            <h2 id="resolve-heading">Resolve</h2>
            <input type="hidden" name="disputeId" value={disputeId} />
            <input type="hidden" name="status" value={status} />
            <input type="hidden" name="version" value={version} />
            <fieldset disabled={disabled} className="choices">
              <legend>Outcome (the booking holds {held})</legend>
              <label>
                <input type="radio" name="outcome" value="refund" checked={outcome === "refund"} onChange={() => edit(setOutcome)("refund")} /> Full refund: all of it
                back to the customer
              </label>
              <label>
                <input type="radio" name="outcome" value="partial" checked={outcome === "partial"} onChange={() => edit(setOutcome)("partial")} /> Partial refund: part
                back to the customer, the rest to the chef
              </label>
              <label>
                <input type="radio" name="outcome" value="release" checked={outcome === "release"} onChange={() => edit(setOutcome)("release")} /> Release: all of it to
                the chef
              </label>
              <FieldError state={reviewState} name="outcome" id="outcome-error" />
            </fieldset>
            {outcome === "partial" ? (
              <label>
                Refund to the customer ({currency})
                <input
                  type="text"
                  inputMode="decimal"
                  name="refundAmount"
                  required
                  disabled={disabled}
                  value={amount}
                  onChange={(event) => edit(setAmount)(event.target.value)}
                  aria-describedby={`refund-amount-rule${reviewState.fieldErrors?.refundAmount ? " refund-amount-error" : ""}`}
                />
                <span className="muted" id="refund-amount-rule">
                  As amounts are printed here: a point for decimals, commas only between thousands.
                </span>
                <FieldError state={reviewState} name="refundAmount" id="refund-amount-error" />
              </label>
            ) : null}
            <label>
              Reason
              <input
                type="text"
                name="reason"
                required
                minLength={3}
                maxLength={2000}
                disabled={disabled}
                value={reason}
                onChange={(event) => edit(setReason)(event.target.value)}
                aria-describedby={reviewState.fieldErrors?.reason ? "reason-error" : undefined}
              />
              <FieldError state={reviewState} name="reason" id="reason-error" />
            </label>
            <button type="submit" className="button" disabled={disabled || reviewing}>
              {reviewing ? "Reviewing…" : "Review decision"}
            </button>
            {!reviewState.ok && !reviewing ? <Notice state={reviewState} /> : null}
            {disabled ? <p className="muted">You are signed in as a viewer: only an operator may resolve a dispute.</p> : null}
          </form>
          {shown ? <ConfirmDecision review={shown} disabled={disabled} pending={confirming} confirm={confirm} /> : null}
        </div>
      )}
    </>
  );
}
