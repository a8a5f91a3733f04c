"use server";
// The booking page's actions: preview a move of the event, move it, cancel the booking. Each is
// a public endpoint: it checks the operator itself, parses its form with zod (field errors,
// nothing written), then calls lib/operations/booking-actions.ts, which locks the booking as the
// page saw it and runs the marketplace's own use case and the audit entries in one transaction.
import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import { getDb } from "@/lib/db/client.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { cancelBookingAsOperatorInput, moveBookingEventInput, moveFormFields } from "@/lib/operations/booking-inputs.ts";
import { cancelBookingAsOperator, moveBookingEvent, previewEventMove, type EventMove } from "@/lib/operations/booking-actions.ts";
import { formatMinor } from "@/lib/format/money.ts";
import { formatInZone } from "@/lib/time/zoned-time.ts";
import { isTimeZone } from "@/lib/validation/fields.ts";
import { requireOperator } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { formFields, invalid, refused, type ActionState } from "@/app/_lib/action-state.ts";
import type { MovePreviewState } from "@/components/booking-action-forms.tsx";

async function now(): Promise<Date> {
  return (await databaseClock(getDb()))();
}

/** The zone the form's times were typed in (checked by the schema; UTC if it is not one). */
function zoneOf(fields: Record<string, FormDataEntryValue>): string {
  return typeof fields.zone === "string" && isTimeZone(fields.zone) ? fields.zone : "UTC";
}

function previewOf(move: EventMove, zone: string): NonNullable<MovePreviewState["preview"]> {
  return {
    from: formatInZone(move.from, zone),
    to: formatInZone(move.to, zone),
    toIso: move.to.toISOString(),
    jobs: move.jobs.map((job) => ({ id: job.id, jobType: job.jobType, status: job.status, from: formatInZone(job.from, zone), to: formatInZone(job.to, zone) })),
    withdrawnMove: move.withdrawnMove ? { id: move.withdrawnMove.id, to: formatInZone(move.withdrawnMove.to, zone) } : null,
    setsAgreedTime: move.setsAgreedTime,
  };
}

export async function previewMoveEventAction(_previous: MovePreviewState, form: FormData): Promise<MovePreviewState> {
  try {
    const operator = await requireOperator();
    const fields = formFields(form);
    const parsed = moveBookingEventInput.safeParse(moveFormFields(fields));
    if (!parsed.success) return { ...invalid(parsed.error), message: "Nothing to preview: check the fields marked below." };
    const move = await previewEventMove(getDb(), operator, parsed.data, await now());
    return { ok: true, preview: previewOf(move, zoneOf(fields)) };
  } catch (error) {
    return refusedUnlessRedirect(error);
  }
}

export async function moveEventAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const fields = formFields(form);
    const parsed = moveBookingEventInput.safeParse(moveFormFields(fields));
    if (!parsed.success) return invalid(parsed.error);
    const move = await moveBookingEvent(getDb(), operator, parsed.data, await now());
    const zone = zoneOf(fields);
    const jobs = move.jobs.length === 0 ? "no job moved (its deadlines are not tied to the event)" : `${move.jobs.length} job${move.jobs.length === 1 ? "" : "s"} moved with it`;
    revalidatePath(`/bookings/${move.bookingId}`);
    const withdrawn = move.withdrawnMove ? `; the customer's move request ${move.withdrawnMove.id} was withdrawn` : "";
    return { ok: true, message: `Event moved from ${formatInZone(move.from, zone)} to ${formatInZone(move.to, zone)}; ${jobs}${withdrawn}.` };
  } catch (error) {
    return refusedUnlessRedirect(error);
  }
}

export async function cancelBookingAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const parsed = cancelBookingAsOperatorInput.safeParse({ ...formFields(form), zone: (await displayZone()).zone });
    if (!parsed.success) return invalid(parsed.error);
    const done = await cancelBookingAsOperator(getDb(), operator, parsed.data, await now());
    const money = [
      done.refundMinor > 0 ? `${formatMinor(done.refundMinor, done.currency)} refunded to the customer` : "",
      done.payoutMinor > 0 ? `${formatMinor(done.payoutMinor, done.currency)} paid to the chef` : "",
    ].filter(Boolean);
    revalidatePath(`/bookings/${done.bookingId}`);
    return {
      ok: true,
      message: `Booking ${done.bookingId} cancelled; ${done.jobs.length} job${done.jobs.length === 1 ? "" : "s"} cancelled${money.length ? `; ${money.join(", ")}` : ""}.`,
    };
  } catch (error) {
    return refusedUnlessRedirect(error);
  }
}

/** redirect() (signed out) works by throwing: let it through; everything else is answered. */
function refusedUnlessRedirect(error: unknown): Promise<ActionState> {
  unstable_rethrow(error);
  return refused(error);
}
