// Alerts against real receivers (issue 15 item 5b, decision 0036): a loopback HTTP server as the
// Slack-format webhook and a local SMTP server (smtp-server) as the mailbox. Ticks run at chosen
// instants (the clock passed in): a condition alerts once on its way in, not at every
// evaluation, reminds after the re-notify interval and says when it clears; a destination that
// refuses is retried by the engine with backoff until it takes the alert; URLs inside the
// network are refused unless allowed, as webhooks' are.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createCatalogue, defineJob, PermanentJobError, schedule, tick } from "../../../lib/scheduler/index.ts";
import { deliverAlertJob } from "../../../jobs/alerts/deliver.ts";
import { evaluateAlertsJobFor } from "../../../jobs/alerts/evaluate.ts";
import { setAlertOptions } from "../../../lib/alerts/options.ts";
import { saveAlertSettings, type AlertSettingsInput } from "../../../lib/alerts/settings-store.ts";
import { evaluateAlerts } from "../../../lib/alerts/evaluate.ts";
import { deliverAlert } from "../../../lib/alerts/deliver.ts";
import { alertsOverview, saveAlertSettingsAsOperator } from "../../../lib/operations/alerts.ts";
import { startHttpReceiver, startSmtpReceiver, type HttpReceiver, type SmtpReceiver } from "../../fixtures/alert-receivers.ts";

const database = useTestDatabase();
const failingJob = defineJob({
  name: "test.always-fails",
  payload: z.object({}),
  retry: { maxAttempts: 1, backoffBaseMs: 1_000, backoffMaxMs: 1_000 },
  handler: async () => {
    throw new PermanentJobError("broken on purpose");
  },
});
const evaluateJob = evaluateAlertsJobFor(() => catalogue.all().map((d) => d.name));
const catalogue = createCatalogue([failingJob, evaluateJob, deliverAlertJob]);
const t0 = new Date("2027-05-03T08:00:00Z");
const minute = 60_000;
const at = (ms: number) => new Date(t0.getTime() + ms);
const operator = { id: "op-1", email: "olga@ops.test" };
let web: HttpReceiver;
let smtp: SmtpReceiver;

async function tickAt(now: Date): Promise<void> {
  const summary = await tick({ db: database.db, catalogue, now, budgetMs: 30_000, concurrency: 1, mode: "drain" });
  if (summary.errors.length > 0) throw new Error(`tick at ${now.toISOString()}: ${summary.errors.join("; ")}`);
}

/** One evaluation at `now`, as the recurring schedule makes it, in a tick at `now` (which also runs the deliveries it schedules). */
async function evaluateAt(now: Date): Promise<void> {
  await database.db.$transaction((tx) => schedule(tx, evaluateJob, { runAt: now, payload: {}, key: `test-evaluate:${now.toISOString()}` }));
  await tickAt(now);
}

async function configure(input: Partial<AlertSettingsInput>): Promise<void> {
  await database.db.$transaction((tx) =>
    saveAlertSettings(tx, operator, {
      lagSeconds: null, deadJobs: null, webhookFailingMinutes: null, renotifyMinutes: 30, emailFrom: null, emailTo: null,
      webhookUrl: { kind: "clear" }, heartbeatUrl: { kind: "clear" }, ...input,
    }, t0),
  );
}

async function killOneJob(now: Date): Promise<void> {
  await database.db.$transaction((tx) => schedule(tx, failingJob, { runAt: now, payload: {}, key: `fails:${now.toISOString()}` }));
  await tickAt(now);
}

const texts = (path: string) => web.hits.filter((h) => h.path === path).map((h) => (JSON.parse(h.body) as { text: string }).text);

beforeAll(async () => {
  web = await startHttpReceiver({ failures: 2 });
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  setAlertOptions(undefined);
  await web.close();
  await smtp.close();
});
beforeEach(async () => {
  setAlertOptions({ allowPrivate: true, smtpUrl: smtp.url, sendTimeoutMs: 2_000, heartbeatUrl: undefined });
  await emptyTables(database.db, ["scheduled_jobs", "job_runs", "alert_settings", "alert_conditions", "alert_notifications", "audit_entries"], { restartIdentity: true });
  web.hits.length = 0;
  smtp.mails.length = 0;
});

describe("alerts", () => {
  it("a dead job alerts the webhook and the mailbox once, reminds after the interval, and says when it clears", async () => {
    await configure({ deadJobs: 1, renotifyMinutes: 30, webhookUrl: { kind: "set", url: web.url("/hook") }, emailFrom: "duly@example.test", emailTo: "ops@example.test" });
    await killOneJob(t0);

    await evaluateAt(at(1 * minute));
    expect(texts("/hook")).toEqual(["[Duly] ALERT: Dead jobs: 1 dead job (threshold 1)."]);
    expect(web.hits[0]!.contentType).toBe("application/json");
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]).toMatchObject({ from: "duly@example.test", to: ["ops@example.test"] });
    expect(smtp.mails[0]!.raw).toContain("Subject: [Duly] ALERT: Dead jobs: 1 dead job (threshold 1).");

    // The condition persists: later evaluations inside the interval say nothing.
    for (const m of [2, 3, 10, 30]) await evaluateAt(at(m * minute));
    expect(texts("/hook")).toHaveLength(1);
    expect(smtp.mails).toHaveLength(1);

    // 30 minutes after the alert: one reminder, to each destination.
    await evaluateAt(at(31 * minute));
    await evaluateAt(at(32 * minute));
    expect(texts("/hook")).toEqual([expect.stringMatching(/^\[Duly\] ALERT/), `[Duly] STILL FIRING since ${at(minute).toISOString()}: Dead jobs: 1 dead job (threshold 1).`]);
    expect(smtp.mails).toHaveLength(2);

    // An operator deals with the dead job: one "resolved", then silence.
    await database.db.$executeRaw`UPDATE scheduled_jobs SET status = 'cancelled' WHERE status = 'dead'`;
    await evaluateAt(at(40 * minute));
    await evaluateAt(at(41 * minute));
    expect(texts("/hook")).toHaveLength(3);
    expect(texts("/hook")[2]).toBe("[Duly] RESOLVED: Dead jobs: 0 dead jobs (threshold 1).");
    expect(smtp.mails).toHaveLength(3);

    const overview = await alertsOverview(database.db, { allowPrivate: true, sendTimeoutMs: 2_000, heartbeatTimeoutMs: 1_000, smtpUrl: smtp.url, heartbeatUrl: undefined });
    expect(overview.notifications.map((n) => [n.kind, n.channel, n.delivery.state])).toEqual([
      ["resolved", "email", "sent"], ["resolved", "webhook", "sent"],
      ["reminder", "email", "sent"], ["reminder", "webhook", "sent"],
      ["firing", "email", "sent"], ["firing", "webhook", "sent"],
    ]);
    expect(overview.settings).not.toHaveProperty("webhookUrl");
    expect(overview.settings.webhookHost).toBe(new URL(web.url("/")).host);
    expect(overview.conditions.find((c) => c.condition === "dead_jobs")).toMatchObject({ firing: false });
  });

  it("a destination that refuses is retried by the engine with backoff, each error kept, until it takes the alert", async () => {
    await configure({ deadJobs: 1, webhookUrl: { kind: "set", url: web.url("/flaky") } });
    await killOneJob(t0);
    await evaluateAt(at(minute)); // first attempt: 503
    const options = { allowPrivate: true, sendTimeoutMs: 2_000, heartbeatTimeoutMs: 1_000, smtpUrl: undefined, heartbeatUrl: undefined };
    let [notification] = (await alertsOverview(database.db, options)).notifications;
    expect(notification).toMatchObject({ channel: "webhook", sentAt: null, delivery: { state: "sending", attempts: 1, maxAttempts: 8 } });
    expect(notification!.delivery.lastError).toMatch(/refused: answered 503/);

    await tickAt(at(61 * minute)); // second attempt, after the backoff: 503 again
    await tickAt(at(121 * minute)); // third: taken
    [notification] = (await alertsOverview(database.db, options)).notifications;
    expect(notification).toMatchObject({ sentAt: at(121 * minute), delivery: { state: "sent", attempts: 3 } });
    expect(web.hits.filter((h) => h.path === "/flaky")).toHaveLength(3);
    expect(new Set(web.hits.map((h) => h.body)).size).toBe(1); // the same message each time
  });

  it("judges lag on the types this deployment runs, and not a paused type's backlog", async () => {
    await configure({ lagSeconds: 300 });
    await database.db.$transaction((tx) => schedule(tx, failingJob, { runAt: at(-10 * minute), payload: {}, key: "late" }));
    const evaluate = () => database.db.$transaction((tx) => evaluateAlerts(tx, t0, ["test.always-fails"], { allowPrivate: true, sendTimeoutMs: 1_000, heartbeatTimeoutMs: 1_000, smtpUrl: undefined, heartbeatUrl: undefined }));
    expect((await evaluate()).notices).toEqual([{ condition: "lag", notice: "firing", message: "[Duly] ALERT: Lag: the oldest due job is 10 min late (threshold 5 min)." }]);
    await database.db.$executeRaw`INSERT INTO job_type_pauses (job_type, paused_by, reason) VALUES ('test.always-fails', 'op', 'incident')`;
    expect((await evaluate()).notices.map((n) => n.notice)).toEqual(["resolved"]);
    // A type this deployment does not run is not lag either.
    await database.db.$executeRaw`DELETE FROM job_type_pauses`;
    const other = await database.db.$transaction((tx) => evaluateAlerts(tx, t0, ["some.other-type"], { allowPrivate: true, sendTimeoutMs: 1_000, heartbeatTimeoutMs: 1_000, smtpUrl: undefined, heartbeatUrl: undefined }));
    expect(other.notices).toEqual([]);
  });

  it("judges an enabled webhook endpoint failing for longer than the threshold, and not a disabled one", async () => {
    await configure({ webhookFailingMinutes: 15 });
    await emptyTables(database.db, ["webhook_endpoints"], { restartIdentity: true });
    const endpoint = (url: string, failingSince: Date, status: "enabled" | "disabled") =>
      database.db.webhookEndpoint.create({ data: { owner: "platform", url, eventTypes: ["*"], secret: "s".repeat(32), status, failingSince, consecutiveFailures: 3, createdAt: t0, updatedAt: t0 } });
    await endpoint("https://fresh.example.com/hook", at(-5 * minute), "enabled"); // failing, but not for long yet
    await endpoint("https://off.example.com/hook", at(-90 * minute), "disabled"); // already shown as disabled
    const options = { allowPrivate: true, sendTimeoutMs: 1_000, heartbeatTimeoutMs: 1_000, smtpUrl: undefined, heartbeatUrl: undefined };
    const evaluate = (now: Date) => database.db.$transaction((tx) => evaluateAlerts(tx, now, [], options));
    expect((await evaluate(t0)).notices).toEqual([]);
    expect((await evaluate(at(10 * minute))).notices).toEqual([
      { condition: "webhook_failing", notice: "firing", message: `[Duly] ALERT: Failing webhook endpoints: 1 endpoint failing for 15 min or more: #1 (fresh.example.com) since ${at(-5 * minute).toISOString()}.` },
    ]);
    await database.db.webhookEndpoint.updateMany({ where: { id: 1 }, data: { failingSince: null, consecutiveFailures: 0 } }); // it answered again
    expect((await evaluate(at(11 * minute))).notices.map((n) => [n.condition, n.notice])).toEqual([["webhook_failing", "resolved"]]);
  });

  it("refuses alert URLs inside the network unless private addresses are allowed, when saved and again when sent", async () => {
    const strict = { allowPrivate: false, sendTimeoutMs: 1_000, heartbeatTimeoutMs: 1_000, smtpUrl: undefined, heartbeatUrl: undefined };
    const input = (webhookUrl: string, heartbeatUrl = ""): AlertSettingsInput => ({
      lagSeconds: null, deadJobs: 1, webhookFailingMinutes: null, renotifyMinutes: 60, emailFrom: null, emailTo: null,
      webhookUrl: webhookUrl ? { kind: "set", url: webhookUrl } : { kind: "keep" }, heartbeatUrl: heartbeatUrl ? { kind: "set", url: heartbeatUrl } : { kind: "keep" },
    });
    await expect(saveAlertSettingsAsOperator(database.db, operator, input(web.url("/hook")), t0, strict)).rejects.toMatchObject({ field: "webhookUrl", message: "must be https" });
    await expect(saveAlertSettingsAsOperator(database.db, operator, input("https://127.0.0.1/hook"), t0, strict)).rejects.toMatchObject({ field: "webhookUrl", message: expect.stringMatching(/private, loopback/) });
    await expect(saveAlertSettingsAsOperator(database.db, operator, input("", "https://10.1.2.3/ping"), t0, strict)).rejects.toMatchObject({ field: "heartbeatUrl" });
    expect(await database.db.alertSettings.count()).toBe(0);

    // Saved while allowed (local development), then refused at send time once not.
    await saveAlertSettingsAsOperator(database.db, operator, input(web.url("/hook")), t0, { ...strict, allowPrivate: true });
    const audit = await database.db.auditEntry.findFirstOrThrow({ where: { action: "alerts.update_settings" } });
    expect(JSON.stringify(audit.toValue)).not.toContain("/hook"); // the URL is a credential: only its host is kept
    const row = await database.db.alertNotification.create({ data: { condition: "dead_jobs", kind: "firing", channel: "webhook", message: "m", createdAt: t0 } });
    await expect(database.db.$transaction((tx) => deliverAlert(tx, row.id, t0, strict))).rejects.toThrow(/must be https/);
    expect(web.hits).toHaveLength(0);
  });
});
