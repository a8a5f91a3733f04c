"use server";
// Pause, resume and run now for a recurring schedule: each checks the operator itself, parses
// its form with zod, and writes the change with its audit entry.
import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { optionalReason } from "@/lib/validation/fields.ts";
import { runRecurringNow, setRecurringEnabled } from "@/lib/operations/recurring.ts";
import { catalogue } from "@/jobs/index.ts";
import { requireOperator } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { formFields, invalid, refused, type ActionState } from "@/app/_lib/action-state.ts";

const input = z.object({
  name: z.string().trim().min(1).max(200).regex(/^[\w.:-]+$/, "expected a schedule name"),
  intent: z.enum(["pause", "resume", "run_now"]),
  reason: optionalReason,
});

export async function recurringAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const parsed = input.safeParse(formFields(form));
    if (!parsed.success) return invalid(parsed.error);
    const { name, intent, reason: why } = parsed.data;
    const db = getDb();
    // A refusal says who switched it last and when, in the operator's zone.
    const { zone } = await displayZone();
    if (intent === "run_now") {
      const jobId = await runRecurringNow(db, operator, catalogue, { name, now: (await databaseClock(db))(), reason: why, zone });
      revalidatePath("/recurring");
      return { ok: true, message: `Job ${jobId} is due now: the next tick runs it.` };
    }
    await setRecurringEnabled(db, operator, { name, enabled: intent === "resume", reason: why, zone });
    revalidatePath("/recurring");
    return { ok: true, message: intent === "resume" ? `${name} runs again from its next occurrence.` : `${name} is paused.` };
  } catch (error) {
    unstable_rethrow(error);
    return refused(error);
  }
}
