"use server";
// Pause and resume a job type (the incident switch). Each checks the operator itself, parses
// its form with zod, and writes the switch and its audit entry in one transaction.
import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { optionalReason, reason } from "@/lib/validation/fields.ts";
import { pauseJobType, resumeJobType } from "@/lib/operations/job-types.ts";
import { catalogue } from "@/jobs/index.ts";
import { requireOperator } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { formFields, invalid, refused, type ActionState } from "@/app/_lib/action-state.ts";

const jobType = z.string().trim().min(1, "expected a job type").max(200).regex(/^[\w.:-]+$/, "expected a job type name");
const pauseInput = z.object({ jobType, reason });
const resumeInput = z.object({ jobType, reason: optionalReason });

export async function pauseJobTypeAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const parsed = pauseInput.safeParse(formFields(form));
    if (!parsed.success) return invalid(parsed.error);
    await pauseJobType(getDb(), operator, { ...parsed.data, zone: (await displayZone()).zone }, catalogue.all().map((definition) => definition.name));
    revalidatePath("/job-types");
    return { ok: true, message: `${parsed.data.jobType} is paused: no tick runs its jobs until it is resumed.` };
  } catch (error) {
    unstable_rethrow(error);
    return refused(error);
  }
}

export async function resumeJobTypeAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const parsed = resumeInput.safeParse(formFields(form));
    if (!parsed.success) return invalid(parsed.error);
    await resumeJobType(getDb(), operator, { ...parsed.data, zone: (await displayZone()).zone });
    revalidatePath("/job-types");
    return { ok: true, message: `${parsed.data.jobType} is running again: the next tick runs its due jobs.` };
  } catch (error) {
    unstable_rethrow(error);
    return refused(error);
  }
}
