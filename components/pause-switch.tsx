"use client";
// Pause (with a reason) or resume one job type.
import { useActionState } from "react";
import type { ActionState } from "./action-state.ts";

type Action = (previous: ActionState, form: FormData) => Promise<ActionState>;
const idle: ActionState = { ok: false };

export function PauseSwitch({ jobType, paused, canAct, pause, resume }: { jobType: string; paused: boolean; canAct: boolean; pause: Action; resume: Action }) {
  const [state, action, pending] = useActionState(paused ? resume : pause, idle);
  return (
    <form action={action} className="inline-form" aria-label={`${paused ? "Resume" : "Pause"} ${jobType}`}>
      <input type="hidden" name="jobType" value={jobType} />
      {paused ? null : (
        <label>
          <span className="visually-hidden">Reason for pausing {jobType}</span>
          <input type="text" name="reason" placeholder="Reason" required minLength={3} disabled={!canAct} />
        </label>
      )}
      <button type="submit" className={`button ${paused ? "button-primary" : "button-danger"}`} disabled={!canAct || pending}>
        {paused ? "Resume" : "Pause"}
      </button>
      {state.message ? (
        <span role={state.ok ? "status" : "alert"} className={state.ok ? "muted" : "field-error"}>
          {state.fieldErrors?.reason ?? state.message}
        </span>
      ) : null}
    </form>
  );
}
