// Two operators open the alerts page; the first saves a threshold, the second (whose page is now
// stale) saves its own form: last write won, silently putting back what the first had removed.
// The form sends back the settings' version (updatedAt) it showed; a save from a page that no
// longer shows the stored settings is refused (StaleRecord), writing nothing.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { readAlertSettings, saveAlertSettings, type AlertSettingsInput } from "../../../lib/alerts/settings-store.ts";

const database = useTestDatabase();
const t0 = new Date("2027-05-03T08:00:00Z");
const ana = { id: "op-1", email: "ana@ops.test" };
const bo = { id: "op-2", email: "bo@ops.test" };
const form = (input: Partial<AlertSettingsInput>): AlertSettingsInput => ({
  lagSeconds: 300, deadJobs: 1, webhookFailingMinutes: 15, renotifyMinutes: 60, emailFrom: null, emailTo: null,
  webhookUrl: { kind: "keep" }, heartbeatUrl: { kind: "keep" }, ...input,
});
const save = (actor: typeof ana, input: AlertSettingsInput, now: Date) => database.db.$transaction((tx) => saveAlertSettings(tx, actor, input, now));

beforeEach(async () => {
  await emptyTables(database.db, ["alert_settings", "audit_entries"], { restartIdentity: true });
});

describe("saving the alert settings from a stale page", () => {
  it("is refused, and the first operator's change stays", async () => {
    const shown = (await readAlertSettings(database.db)).updatedAt; // defaults: never saved (null)
    await save(ana, form({ lagSeconds: null, seenUpdatedAt: shown }), t0);
    await expect(save(bo, form({ deadJobs: 5, seenUpdatedAt: shown }), new Date(t0.getTime() + 60_000))).rejects.toThrow(/changed since your page showed it/);
    const now = await readAlertSettings(database.db);
    expect(now.lagSeconds).toBeNull();
    expect(now.deadJobs).toBe(1);
    // The same operator, from the page as it is now, may save.
    await save(bo, form({ deadJobs: 5, seenUpdatedAt: now.updatedAt }), new Date(t0.getTime() + 120_000));
    expect((await readAlertSettings(database.db)).deadJobs).toBe(5);
  });
});
