"use server";
// The job page's actions. Each is a public endpoint: it checks the operator itself, parses its
// form with zod (field errors, nothing written), then calls one use case in lib/operations,
// which locks the job as the page saw it and writes the change and its audit entry together.
import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import { getDb } from "@/lib/db/client.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { cancelInput, rescheduleInput, retryInput, runNowInput } from "@/lib/operations/inputs.ts";
import { cancelJob, rescheduleJob, retryDeadJob, runJobNow } from "@/lib/operations/job-actions.ts";
import { catalogue } from "@/jobs/index.ts";
import { requireOperator } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { formFields, invalid, refused, type ActionState } from "@/app/_lib/action-state.ts";

async function now(): Promise<Date> {
  return (await databaseClock(getDb()))();
}

function done(jobId: bigint, message: string): ActionState {
  revalidatePath(`/jobs/${jobId}`);
  return { ok: true, message };
}

export async function rescheduleJobAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const fields = formFields(form);
    const parsed = rescheduleInput.safeParse({
      ...fields,
      when: { localRunAt: fields.localRunAt, zone: fields.zone, offsetChoice: fields.offsetChoice },
    });
    if (!parsed.success) return invalid(parsed.error);
    const { message } = await rescheduleJob(getDb(), operator, parsed.data, catalogue);
    return done(parsed.data.jobId, `Rescheduled: ${message}.`);
  } catch (error) {
    return refusedUnlessRedirect(error);
  }
}

export async function cancelJobAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const parsed = cancelInput.safeParse({ ...formFields(form), zone: (await displayZone()).zone });
    if (!parsed.success) return invalid(parsed.error);
    const { message } = await cancelJob(getDb(), operator, parsed.data, await now());
    return done(parsed.data.jobId, `${message}.`);
  } catch (error) {
    return refusedUnlessRedirect(error);
  }
}

export async function runJobNowAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const parsed = runNowInput.safeParse({ ...formFields(form), zone: (await displayZone()).zone });
    if (!parsed.success) return invalid(parsed.error);
    const { message } = await runJobNow(getDb(), operator, parsed.data, await now(), catalogue);
    return done(parsed.data.jobId, `Run now: ${message}.`);
  } catch (error) {
    return refusedUnlessRedirect(error);
  }
}

export async function retryJobAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const parsed = retryInput.safeParse({ ...formFields(form), zone: (await displayZone()).zone });
    if (!parsed.success) return invalid(parsed.error);
    const { message } = await retryDeadJob(getDb(), operator, parsed.data, await now(), catalogue);
    return done(parsed.data.jobId, `Retried: ${message}.`);
  } catch (error) {
    return refusedUnlessRedirect(error);
  }
}

/** redirect() (signed out) works by throwing: let it through; everything else is answered. */
function refusedUnlessRedirect(error: unknown): Promise<ActionState> {
  unstable_rethrow(error);
  return refused(error);
}
