// An integrator's own keys and values on a booking (issue 14, item 9): set, changed or removed
// by either of its parties (their apps keep their own ids on it) or the platform, in any status.
// Metadata is not terms: it changes no deadline, and a booking's ETag leaves it out.
import { z } from "zod";
import { DulyError, ErrorCode } from "../../errors.ts";
import { mergeMetadata, metadataLimits, metadataUpdate } from "../../validation/fields.ts";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import { toBookingView, type BookingView } from "../views.ts";
import { loadBooking, requireParty } from "./booking-rows.ts";

export const updateBookingMetadataInput = z.strictObject({ bookingId: recordId, metadata: metadataUpdate });
export type UpdateBookingMetadataInput = z.input<typeof updateBookingMetadataInput>;

export async function updateBookingMetadata(context: UseCaseContext, input: UpdateBookingMetadataInput): Promise<BookingView> {
  checkNow(context.now);
  const { bookingId, metadata } = parseInput(updateBookingMetadataInput, input, "update booking");
  return inTransaction(context.db, async (tx) => {
    const booking = await loadBooking(tx, bookingId);
    requireParty(context.actor, booking, ["customer", "chef", "operator", "system"], "updating the metadata");
    const merged = mergeMetadata((booking.metadata ?? {}) as Record<string, string>, metadata);
    if (Object.keys(merged).length > metadataLimits.keys) {
      throw new DulyError(ErrorCode.InvalidInput, `booking ${bookingId} would have ${Object.keys(merged).length} metadata keys; at most ${metadataLimits.keys} (remove some with "")`);
    }
    // Guarded on the metadata read: a concurrent change is not overwritten with a stale merge.
    const updated = await tx.booking.updateManyAndReturn({ where: { id: bookingId, metadata: { equals: booking.metadata ?? {} } }, data: { metadata: merged } });
    if (updated.length === 0) {
      throw new DulyError(ErrorCode.InvalidState, `booking ${bookingId}'s metadata changed meanwhile; nothing was done, try again`);
    }
    return toBookingView(updated[0]!);
  });
}
