"use client";
// The webhooks page's Delete: a first click only asks (what goes with the endpoint), the second
// deletes it, as the dashboard's other destructive actions confirm before they act.
import { useActionState, useState } from "react";
import type { ActionState } from "./action-state.ts";

const idle: ActionState = { ok: false };

export function WebhookDeleteControl({
  endpointId, seenStatus, deliveries, canAct, action,
}: {
  endpointId: number; seenStatus: "enabled" | "disabled"; deliveries: number; canAct: boolean;
  action: (previous: ActionState, form: FormData) => Promise<ActionState>;
}) {
  const [state, formAction, pending] = useActionState(action, idle);
  const [asking, setAsking] = useState(false);
  return (
    <form action={formAction} className="inline-form" aria-label={`Delete (endpoint ${endpointId})`}>
      <input type="hidden" name="endpointId" value={endpointId} />
      <input type="hidden" name="seenStatus" value={seenStatus} />
      {asking ? (
        <>
          <span role="note">
            Delete endpoint {endpointId} for good, with its deliveries{deliveries > 0 ? ` (${deliveries} shown here)` : ""} and their attempts? Nothing more is sent to it.
          </span>{" "}
          <button type="submit" name="intent" value="delete" className="button button-danger" disabled={!canAct || pending}>
            {pending ? "Deleting…" : `Confirm: delete endpoint ${endpointId}`}
          </button>{" "}
          <button type="button" className="button" onClick={() => setAsking(false)} disabled={pending}>
            Keep it
          </button>
        </>
      ) : (
        <button type="button" className="button button-danger" onClick={() => setAsking(true)} disabled={!canAct}>
          Delete
        </button>
      )}
      {state.message ? (
        <span role={state.ok ? "status" : "alert"} className={state.ok ? "muted" : "field-error"}>
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
