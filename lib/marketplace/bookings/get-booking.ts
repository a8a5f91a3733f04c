// One booking as its parties and operators see it: its state, disputes, ledger, money balance,
// move requests and upcoming deadlines (its jobs, its disputes' and its move requests' jobs that
// are pending or running). The customer and chef get it without the platform's internals
// (booking-as-seen.ts).
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { jobsForSubject } from "../../scheduler/index.ts";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import { balanceOf } from "../ledger/move-money.ts";
import { toMoveRequestView } from "../move-request-view.ts";
import { subjectOf } from "../subjects.ts";
import { toBookingView, toDisputeView, toLedgerEntryView, type BookingDetailView, type DeadlineView } from "../views.ts";
import { bookingDetailAsSeen } from "./booking-as-seen.ts";
import { loadBooking, requireParty } from "./booking-rows.ts";

export const getBookingInput = z.strictObject({ bookingId: recordId });
export type GetBookingInput = z.input<typeof getBookingInput>;

export async function getBooking(context: UseCaseContext, input: GetBookingInput): Promise<BookingDetailView> {
  checkNow(context.now);
  const { bookingId } = parseInput(getBookingInput, input, "get booking");
  return inTransaction(context.db, async (tx) => {
    const booking = await loadBooking(tx, bookingId);
    requireParty(context.actor, booking, ["customer", "chef", "operator", "system"], "reading");
    const disputes = await tx.dispute.findMany({ where: { bookingId }, orderBy: { id: "asc" } });
    const ledger = await tx.ledgerEntry.findMany({ where: { bookingId }, orderBy: { id: "asc" } });
    const moveRequests = await tx.bookingMoveRequest.findMany({ where: { bookingId }, orderBy: { id: "asc" } });
    const deadlines = await upcomingDeadlines(tx, [
      subjectOf.booking(bookingId), ...disputes.map((d) => subjectOf.dispute(d.id)), ...moveRequests.map((m) => subjectOf.moveRequest(m.id)),
    ]);
    return bookingDetailAsSeen(context.actor, {
      ...toBookingView(booking),
      disputes: disputes.map(toDisputeView),
      ledger: ledger.map(toLedgerEntryView),
      money: await balanceOf(tx, bookingId),
      deadlines,
      moveRequests: moveRequests.map(toMoveRequestView),
    });
  });
}

async function upcomingDeadlines(tx: Tx, subjects: ReturnType<(typeof subjectOf)["booking"]>[]): Promise<DeadlineView[]> {
  const views: DeadlineView[] = [];
  for (const subject of subjects) {
    for (const job of await jobsForSubject(tx, subject)) {
      if (job.status !== "pending" && job.status !== "running") continue;
      views.push({ jobId: job.id, jobType: job.jobType, runAt: job.runAt.toISOString(), status: job.status, subject: `${subject.type}:${subject.id}` });
    }
  }
  return views.sort((a, b) => a.runAt.localeCompare(b.runAt));
}
