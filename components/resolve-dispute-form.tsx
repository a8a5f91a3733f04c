"use client";
// The operator's decision on a dispute, posting to a server action. It carries the status and
// version the page showed, so a dispute the deadline job or another operator resolved meanwhile
// is refused by the server (never overwritten). A viewer sees it disabled; the server refuses a
// viewer regardless.
import { useActionState, useState } from "react";
import type { ActionState } from "./action-state.ts";

type Action = (previous: ActionState, form: FormData) => Promise<ActionState>;

const idle: ActionState = { ok: false };

function FieldError({ state, name, id }: { state: ActionState; name: string; id: string }) {
  const message = state.fieldErrors?.[name];
  return message ? (
    <span className="field-error" id={id}>
      {message}
    </span>
  ) : null;
}

export function ResolveDisputeForm({
  disputeId, status, version, currency, held, open, canAct, action,
}: { disputeId: number; status: string; version: string; currency: string; held: string; open: boolean; canAct: boolean; action: Action }) {
  const [state, resolve, pending] = useActionState(action, idle);
  const [outcome, setOutcome] = useState("partial");
  const disabled = !canAct;
  return (
    <>
      {state.message ? (
        <p role={state.ok ? "status" : "alert"} className={`notice ${state.ok ? "notice-ok" : "notice-error"}`}>
          {state.message}
        </p>
      ) : null}
      {/* Rendered whether open or not, so the outcome above stays once the page shows the dispute resolved. */}
      {!open ? (
        <p className="empty">This dispute is resolved; nothing more can be done to it.</p>
      ) : (
        <form action={resolve} className="form card" aria-labelledby="resolve-heading">
          <h2 id="resolve-heading">Resolve</h2>
          <input type="hidden" name="disputeId" value={disputeId} />
          <input type="hidden" name="status" value={status} />
          <input type="hidden" name="version" value={version} />
          <fieldset disabled={disabled} className="choices">
            <legend>Outcome (the booking holds {held})</legend>
            <label>
              <input type="radio" name="outcome" value="refund" checked={outcome === "refund"} onChange={() => setOutcome("refund")} /> Full refund: all of it back
              to the customer
            </label>
            <label>
              <input type="radio" name="outcome" value="partial" checked={outcome === "partial"} onChange={() => setOutcome("partial")} /> Partial refund: part back
              to the customer, the rest to the chef
            </label>
            <label>
              <input type="radio" name="outcome" value="release" checked={outcome === "release"} onChange={() => setOutcome("release")} /> Release: all of it to
              the chef
            </label>
            <FieldError state={state} name="outcome" id="outcome-error" />
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
                placeholder="12.50"
                aria-describedby={state.fieldErrors?.refundAmount ? "refund-amount-error" : undefined}
              />
              <FieldError state={state} name="refundAmount" id="refund-amount-error" />
            </label>
          ) : null}
          <label>
            Reason
            <input type="text" name="reason" required minLength={3} maxLength={2000} disabled={disabled} aria-describedby={state.fieldErrors?.reason ? "reason-error" : undefined} />
            <FieldError state={state} name="reason" id="reason-error" />
          </label>
          <button type="submit" className="button button-primary" disabled={disabled || pending}>
            {pending ? "Resolving…" : "Resolve dispute"}
          </button>
          {disabled ? <p className="muted">You are signed in as a viewer: only an operator may resolve a dispute.</p> : null}
        </form>
      )}
    </>
  );
}
