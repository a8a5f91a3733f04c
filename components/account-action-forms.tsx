"use client";
// An account's actions as forms posting to server actions: reset now, move the next reset. Each
// carries the version the page showed, so an account reset or changed meanwhile is refused by
// the server (never overwritten). A viewer sees them disabled; the server refuses a viewer regardless.
import { useActionState } from "react";
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

function Outcome({ state }: { state: ActionState }) {
  if (!state.message) return null;
  return (
    <p role={state.ok ? "status" : "alert"} className={`notice ${state.ok ? "notice-ok" : "notice-error"}`}>
      {state.message}
    </p>
  );
}

export interface AccountActionProps {
  accountId: string;
  version: string;
  plan: string;
  timeZone: string;
  nextResetOn: string;
  /** The dates a move may choose (inclusive), in the account's zone. */
  earliest: string;
  latest: string;
  canAct: boolean;
  actions: { resetNow: Action; moveReset: Action };
}

export function AccountActionForms(props: AccountActionProps) {
  const { canAct, actions } = props;
  const [resetState, reset, resetPending] = useActionState(actions.resetNow, idle);
  const [moveState, move, movePending] = useActionState(actions.moveReset, idle);
  const disabled = !canAct;
  // Outcomes above the forms: the page re-renders with a new version after a success.
  const outcomes = [resetState, moveState].filter((state) => state.message && !state.fieldErrors);
  return (
    <>
      {outcomes.map((state, index) => (
        <Outcome key={index} state={state} />
      ))}
      {disabled ? <p className="muted">You are signed in as a viewer: only an operator may reset an account or move its reset.</p> : null}
      <div className="actions">
        <form action={reset} className="form card" aria-labelledby="reset-now-heading">
          <h2 id="reset-now-heading">Reset now</h2>
          <input type="hidden" name="accountId" value={props.accountId} />
          <input type="hidden" name="version" value={props.version} />
          <p className="muted">
            Gives back the {props.plan} plan&apos;s full allowances now. The cycle does not move: the next reset stays on {props.nextResetOn}, and a pending
            downgrade still waits for it.
          </p>
          <label>
            Reason
            <input type="text" name="reason" required minLength={3} maxLength={2000} disabled={disabled} aria-describedby={resetState.fieldErrors?.reason ? "reset-reason-error" : undefined} />
            <FieldError state={resetState} name="reason" id="reset-reason-error" />
          </label>
          <button type="submit" className="button button-primary" disabled={disabled || resetPending}>
            {resetPending ? "Resetting…" : "Reset now"}
          </button>
          {resetState.fieldErrors ? <Outcome state={resetState} /> : null}
        </form>

        <form action={move} className="form card" aria-labelledby="move-reset-heading">
          <h2 id="move-reset-heading">Move the next reset</h2>
          <input type="hidden" name="accountId" value={props.accountId} />
          <input type="hidden" name="version" value={props.version} />
          <p className="muted">
            For this cycle only: from {props.earliest} to {props.latest}. Later resets stay on the anchor&apos;s day.
          </p>
          <label>
            New date ({props.timeZone}, at local midnight)
            <input
              type="date"
              name="nextResetOn"
              defaultValue={props.nextResetOn}
              min={props.earliest}
              max={props.latest}
              required
              disabled={disabled}
              aria-describedby={moveState.fieldErrors?.nextResetOn ? "next-reset-error" : undefined}
            />
            <FieldError state={moveState} name="nextResetOn" id="next-reset-error" />
          </label>
          <label>
            Reason
            <input type="text" name="reason" required minLength={3} maxLength={2000} disabled={disabled} aria-describedby={moveState.fieldErrors?.reason ? "move-reason-error" : undefined} />
            <FieldError state={moveState} name="reason" id="move-reason-error" />
          </label>
          <button type="submit" className="button button-primary" disabled={disabled || movePending}>
            {movePending ? "Moving…" : "Move the reset"}
          </button>
          {moveState.fieldErrors ? <Outcome state={moveState} /> : null}
        </form>
      </div>
    </>
  );
}
