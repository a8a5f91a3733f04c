"use server";
// Save the alerts' thresholds and destinations: checks the operator itself, parses the form
// with zod, and writes the change with its audit entry (lib/operations/alerts.ts). A URL field
// left empty keeps the stored URL (never sent back to the browser); "clear" removes it.
import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { saveAlertSettingsAsOperator } from "@/lib/operations/alerts.ts";
import { thresholdsInput, type UrlChange } from "@/lib/alerts/settings-store.ts";
import { requireOperator } from "@/app/_lib/operator-session.ts";
import { formFields, invalid, refused, type ActionState } from "@/app/_lib/action-state.ts";

/** A whole number, or empty for "off". */
const optionalWhole = z
  .string()
  .trim()
  .regex(/^([0-9]{1,9})?$/, "expected a whole number, or nothing to turn it off")
  .transform((text) => (text === "" ? null : Number(text)));
const optionalEmail = z
  .string()
  .trim()
  .transform((text) => (text === "" ? null : text));
const urlText = z.string().trim().max(2_000, "at most 2,000 characters");
const tick = z.literal("on").optional();
/** The settings' version the page showed: "" for the defaults, else an ISO instant. */
const seenVersion = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z)?$/, "expected the version the page showed; reload the page")
  .transform((text) => (text === "" ? null : new Date(text)));

const form = z
  .object({
    lagSeconds: optionalWhole,
    deadJobs: optionalWhole,
    webhookFailingMinutes: optionalWhole,
    renotifyMinutes: z.string().trim().regex(/^[0-9]{1,9}$/, "expected a whole number of minutes").transform(Number),
    emailFrom: optionalEmail,
    emailTo: optionalEmail,
    webhookUrl: urlText,
    clearWebhookUrl: tick,
    heartbeatUrl: urlText,
    clearHeartbeatUrl: tick,
    seenUpdatedAt: seenVersion,
  })
  .pipe(
    z.object({
      ...thresholdsInput.shape,
      webhookUrl: urlText,
      clearWebhookUrl: tick,
      heartbeatUrl: urlText,
      clearHeartbeatUrl: tick,
      seenUpdatedAt: z.date().nullable(),
    }),
  );

function change(url: string, clear: "on" | undefined): UrlChange {
  if (clear) return { kind: "clear" };
  return url === "" ? { kind: "keep" } : { kind: "set", url };
}

export async function saveAlertSettingsAction(_previous: ActionState, data: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const parsed = form.safeParse(formFields(data));
    if (!parsed.success) return invalid(parsed.error);
    const { webhookUrl, clearWebhookUrl, heartbeatUrl, clearHeartbeatUrl, ...thresholds } = parsed.data;
    const db = getDb();
    const now = (await databaseClock(db))();
    await saveAlertSettingsAsOperator(db, operator, { ...thresholds, webhookUrl: change(webhookUrl, clearWebhookUrl), heartbeatUrl: change(heartbeatUrl, clearHeartbeatUrl) }, now);
    revalidatePath("/alerts");
    return { ok: true, message: "Alert settings saved. The next evaluation (within a minute) uses them." };
  } catch (error) {
    unstable_rethrow(error);
    return refused(error);
  }
}
