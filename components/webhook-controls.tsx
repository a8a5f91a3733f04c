"use client";
// One button form for the webhooks page: replay an event, or enable / disable an endpoint.
import { useActionState } from "react";
import type { ActionState } from "./action-state.ts";

const idle: ActionState = { ok: false };

export function WebhookControl({
  endpointId, seenStatus, intent, eventId, label, canAct, action,
}: {
  endpointId: number; seenStatus: "enabled" | "disabled"; intent: "replay" | "enable" | "disable"; eventId?: string; label: string; canAct: boolean;
  action: (previous: ActionState, form: FormData) => Promise<ActionState>;
}) {
  const [state, formAction, pending] = useActionState(action, idle);
  return (
    <form action={formAction} className="inline-form" aria-label={`${label} (endpoint ${endpointId}${eventId ? `, event ${eventId}` : ""})`}>
      <input type="hidden" name="endpointId" value={endpointId} />
      <input type="hidden" name="seenStatus" value={seenStatus} />
      {eventId ? <input type="hidden" name="eventId" value={eventId} /> : null}
      <button type="submit" name="intent" value={intent} className={`button ${intent === "disable" ? "button-danger" : ""}`} disabled={!canAct || pending}>
        {label}
      </button>
      {state.message ? (
        <span role={state.ok ? "status" : "alert"} className={state.ok ? "muted" : "field-error"}>
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
