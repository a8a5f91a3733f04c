"use client";
// The alerts page's one form: thresholds (empty turns one off), how often a lasting alert is
// repeated, and the destinations. Stored URLs are never sent to the browser: their field is empty
// with the host it points at beside it; leave it empty to keep it, tick "clear" to remove it.
import { useActionState } from "react";
import type { ActionState } from "./action-state.ts";

const idle: ActionState = { ok: false };

export interface AlertSettingsFormValues {
  lagSeconds: number | null;
  deadJobs: number | null;
  webhookFailingMinutes: number | null;
  renotifyMinutes: number;
  emailFrom: string | null;
  emailTo: string | null;
  webhookHost: string | null;
  heartbeatHost: string | null;
  /** Sent back: a save from a page older than the stored settings is refused. */
  updatedAt: Date | null;
}

function Field({ label, name, state, hint, ...input }: { label: string; name: string; state: ActionState; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const error = state.fieldErrors?.[name];
  const described = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
  // The label names the field; the hint and the error describe it (not part of its name).
  return (
    <div className="field">
      <label htmlFor={`alert-${name}`}>{label}</label>
      <input id={`alert-${name}`} name={name} aria-describedby={described} aria-invalid={error ? true : undefined} {...input} />
      {hint ? (
        <span className="muted" id={`${name}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={`${name}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * A URL kept as a credential: never shown back, only its host; left empty it keeps the stored
 * one, and a checkbox clears it.
 */
function StoredUrlField({ label, name, state, host, example, setHint, unsetHint, clearName, clearLabel }: {
  label: string; name: string; state: ActionState; host: string | null | undefined; example: string; setHint: string; unsetHint: string; clearName: string; clearLabel: string;
}) {
  return (
    <>
      <Field
        label={label}
        name={name}
        state={state}
        type="url"
        autoComplete="off"
        placeholder={host ? "leave empty to keep the current one" : example}
        hint={host ? `Set (${host}); ${setHint}` : unsetHint}
      />
      {host ? (
        <label className="checkbox">
          <input type="checkbox" name={clearName} value="on" /> {clearLabel}
        </label>
      ) : null}
    </>
  );
}

export function AlertSettingsForm({
  values, smtpConfigured, action,
}: {
  values: AlertSettingsFormValues;
  smtpConfigured: boolean;
  action: (previous: ActionState, form: FormData) => Promise<ActionState>;
}) {
  const [state, formAction, pending] = useActionState(action, idle);
  const number = (value: number | null) => (value === null ? "" : String(value));
  return (
    <form action={formAction} className="form card" aria-labelledby="alert-settings-heading">
      <h2 id="alert-settings-heading">Thresholds and destinations</h2>
      <input type="hidden" name="seenUpdatedAt" value={values.updatedAt ? values.updatedAt.toISOString() : ""} />
      <Field label="Lag (seconds)" name="lagSeconds" state={state} inputMode="numeric" defaultValue={number(values.lagSeconds)} hint="Alert when the oldest due job is this late. Empty: off." />
      <Field label="Dead jobs" name="deadJobs" state={state} inputMode="numeric" defaultValue={number(values.deadJobs)} hint="Alert when at least this many jobs are dead. Empty: off." />
      <Field label="Webhook endpoint failing (minutes)" name="webhookFailingMinutes" state={state} inputMode="numeric" defaultValue={number(values.webhookFailingMinutes)} hint="Alert when an enabled endpoint has failed every attempt for this long. Empty: off." />
      <Field label="Repeat a lasting alert every (minutes)" name="renotifyMinutes" state={state} inputMode="numeric" required defaultValue={String(values.renotifyMinutes)} />
      <StoredUrlField
        label="Slack-format webhook URL"
        name="webhookUrl"
        state={state}
        host={values.webhookHost}
        example="https://hooks.slack.com/services/…"
        setHint="not shown, it is a credential."
        unsetHint="Not set."
        clearName="clearWebhookUrl"
        clearLabel="Clear the webhook URL"
      />
      <Field label="Email from" name="emailFrom" state={state} type="email" defaultValue={values.emailFrom ?? ""} />
      <Field
        label="Email to"
        name="emailTo"
        state={state}
        type="email"
        defaultValue={values.emailTo ?? ""}
        hint={smtpConfigured ? "DULY_ALERT_SMTP_URL is set: emails go out when From and To are filled in." : "DULY_ALERT_SMTP_URL is not set: no email is sent until the server has it."}
      />
      <StoredUrlField
        label="Heartbeat URL"
        name="heartbeatUrl"
        state={state}
        host={values.heartbeatHost}
        example="https://hc-ping.com/…"
        setHint="pinged after every tick, with /fail when a tick fails."
        unsetHint="Not set. Pinged after every tick (healthchecks.io's convention)."
        clearName="clearHeartbeatUrl"
        clearLabel="Clear the heartbeat URL"
      />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? "Saving…" : "Save"}
      </button>
      {state.message ? (
        <p role={state.ok ? "status" : "alert"} className={`notice ${state.ok ? "notice-ok" : "notice-error"}`}>
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
