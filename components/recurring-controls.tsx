"use client";
// Pause / resume and run now for one recurring schedule.
import { useActionState } from "react";
import type { ActionState } from "./action-state.ts";

const idle: ActionState = { ok: false };

export function RecurringControls({ name, enabled, canAct, action }: { name: string; enabled: boolean; canAct: boolean; action: (previous: ActionState, form: FormData) => Promise<ActionState> }) {
  const [state, formAction, pending] = useActionState(action, idle);
  return (
    <form action={formAction} className="inline-form" aria-label={`Controls for ${name}`}>
      <input type="hidden" name="name" value={name} />
      <button type="submit" name="intent" value={enabled ? "pause" : "resume"} className={`button ${enabled ? "button-danger" : "button-primary"}`} disabled={!canAct || pending}>
        {enabled ? "Pause" : "Resume"}
      </button>
      <button type="submit" name="intent" value="run_now" className="button" disabled={!canAct || pending}>
        Run now
      </button>
      {state.message ? (
        <span role={state.ok ? "status" : "alert"} className={state.ok ? "muted" : "field-error"}>
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
