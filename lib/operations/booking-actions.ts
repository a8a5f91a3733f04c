// The operator's actions on one booking: move its event (with a preview of which jobs move) and
// cancel it. Each, in one transaction: lock the booking as the operator's page saw it
// (booking-as-seen.ts), call the marketplace's own use case as an operator actor (its rules:
// notice, statuses, the chef's calendar, refunds, the booking's jobs moved or cancelled with it),
// and write the audit entries. Any refusal rolls all of it back.
//
// An operator moves an event directly, never by request: it is a platform decision (support
// acting on what both parties asked, or on the platform's own grounds), made with a reason that
// the audit log keeps. For an accepted or paid booking the new time becomes the agreed one, and a
// customer's pending move request is withdrawn (docs/decisions/0023).
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { recordAudit, recordAuditMany, type AuditActor } from "../audit/audit-log.ts";
import { cancelBooking, getBooking, moveEvent, subjectOf, type Actor } from "../marketplace/index.ts";
import { jobsForSubject } from "../scheduler/index.ts";
import { lockBookingAsSeen } from "./booking-as-seen.ts";
import type { CancelBookingAsOperatorInput, MoveBookingEventInput } from "./booking-inputs.ts";

/** One job of the booking and where a move takes it. */
export interface JobMove {
  id: string;
  jobType: string;
  status: string;
  from: Date;
  to: Date;
}

export interface EventMove {
  bookingId: number;
  status: string;
  from: Date;
  to: Date;
  /** The booking's jobs that move (a paid booking's close); empty when its deadlines stay. */
  jobs: JobMove[];
  /** The customer's pending move request that the operator's move withdraws, if any. */
  withdrawnMove: { id: number; to: Date } | null;
  /** Whether the new time becomes the agreed one (the chef had accepted the booking). */
  setsAgreedTime: boolean;
}

export interface BookingCancellation {
  bookingId: number;
  from: string;
  /** The jobs cancelled now, and those cancelled when their running attempt ends. */
  jobs: Array<{ id: string; jobType: string; status: string }>;
  refundMinor: number;
  payoutMinor: number;
  currency: string;
}

const operatorActor = (actor: AuditActor): Actor => ({ kind: "operator", email: actor.email });

async function openJobs(tx: Tx, bookingId: number) {
  const jobs = await jobsForSubject(tx, subjectOf.booking(bookingId));
  return jobs.filter((job) => job.status === "pending" || job.status === "running");
}

/** Moves the event inside `tx` and reports what moved; the caller commits or rolls back. */
async function moveInside(tx: Tx, actor: AuditActor, input: MoveBookingEventInput, now: Date): Promise<EventMove> {
  const booking = await lockBookingAsSeen(tx, input.bookingId, input);
  if (booking.eventAt.getTime() === input.eventAt.getTime()) {
    throw new DulyError(ErrorCode.InvalidInput, `booking ${booking.id}'s event is already at ${booking.eventAt.toISOString()}: nothing to move`);
  }
  const before = await openJobs(tx, input.bookingId);
  const seen = await getBooking({ db: tx, actor: operatorActor(actor), now }, { bookingId: input.bookingId });
  const pending = seen.moveRequests.find((request) => request.status === "pending");
  await moveEvent({ db: tx, actor: operatorActor(actor), now }, { bookingId: input.bookingId, eventAt: input.eventAt.toISOString() });
  const after = new Map((await openJobs(tx, input.bookingId)).map((job) => [job.id, job]));
  const jobs = before
    .map((job) => ({ id: job.id, jobType: job.jobType, status: job.status, from: job.runAt, to: after.get(job.id)?.runAt ?? job.runAt }))
    .filter((job) => job.from.getTime() !== job.to.getTime())
    .sort((a, b) => a.from.getTime() - b.from.getTime());
  return {
    bookingId: booking.id, status: booking.status, from: booking.eventAt, to: input.eventAt, jobs,
    withdrawnMove: pending ? { id: pending.id, to: new Date(pending.eventAt) } : null,
    setsAgreedTime: seen.agreedEventAt !== null,
  };
}

/** Thrown to roll a preview's transaction back; carries what the move would have done. */
class PreviewOnly extends Error {
  constructor(readonly move: EventMove) {
    super("preview: rolled back");
  }
}

/**
 * What moving the event would do, without doing it: the move runs through the same use case in
 * a transaction that is then rolled back, so the preview applies exactly the rules (and refusals)
 * the confirmed move will. Writes nothing.
 */
export async function previewEventMove(db: Db, actor: AuditActor, input: MoveBookingEventInput, now: Date): Promise<EventMove> {
  try {
    await db.$transaction(async (tx) => {
      throw new PreviewOnly(await moveInside(tx, actor, input, now));
    });
  } catch (error) {
    if (error instanceof PreviewOnly) return error.move;
    throw error;
  }
  throw new Error("unreachable: a preview always rolls back");
}

export async function moveBookingEvent(db: Db, actor: AuditActor, input: MoveBookingEventInput, now: Date): Promise<EventMove> {
  return db.$transaction(async (tx) => {
    const move = await moveInside(tx, actor, input, now);
    const batchId = randomUUID();
    await recordAudit(tx, {
      actor,
      action: "booking.move_event",
      recordType: "booking",
      recordId: String(move.bookingId),
      from: { eventAt: move.from.toISOString(), status: move.status },
      to: {
        eventAt: move.to.toISOString(), jobsMoved: move.jobs.map((job) => job.id),
        ...(move.setsAgreedTime ? { agreedEventAt: move.to.toISOString() } : {}),
        ...(move.withdrawnMove ? { withdrawnMoveRequest: move.withdrawnMove.id } : {}),
      },
      reason: input.reason,
      batchId,
    });
    // Each moved job's own page shows why it moved.
    await recordAuditMany(tx, move.jobs.map((job) => ({
      actor,
      action: "booking.move_event" as const,
      recordType: "scheduled_job",
      recordId: job.id,
      from: { runAt: job.from.toISOString(), status: job.status },
      to: { runAt: job.to.toISOString() },
      reason: input.reason,
      batchId,
    })));
    return move;
  });
}

/**
 * Cancels the booking through the marketplace's cancelBooking as an operator: its jobs are
 * cancelled with it, and a paid booking is refunded in full (an operator's cancellation, policy.ts).
 */
export async function cancelBookingAsOperator(db: Db, actor: AuditActor, input: CancelBookingAsOperatorInput, now: Date): Promise<BookingCancellation> {
  return db.$transaction(async (tx) => {
    const booking = await lockBookingAsSeen(tx, input.bookingId, input);
    // Its jobs and its pending move request's answer deadline (withdrawn with the booking).
    const before = (await getBooking({ db: tx, actor: operatorActor(actor), now }, { bookingId: input.bookingId })).deadlines
      // An operator's view carries job ids (only the parties' views leave them out).
      .flatMap((deadline) => (deadline.jobId === undefined ? [] : [{ id: deadline.jobId, jobType: deadline.jobType, status: deadline.status }]));
    const ledgerBefore = new Set((await tx.ledgerEntry.findMany({ where: { bookingId: input.bookingId }, select: { id: true } })).map((e) => e.id));
    const cancelled = await cancelBooking({ db: tx, actor: operatorActor(actor), now }, { bookingId: input.bookingId, reason: input.reason });
    const after = new Map((await jobsForSubject(tx, subjectOf.booking(input.bookingId))).map((job) => [job.id, job]));
    const moved = (await tx.ledgerEntry.findMany({ where: { bookingId: input.bookingId } })).filter((e) => !ledgerBefore.has(e.id));
    const jobs = before.map((job) => {
      const now = after.get(job.id);
      return { id: job.id, jobType: job.jobType, status: now?.status === "running" ? "cancelled when its attempt ends" : (now?.status ?? "cancelled") };
    });
    const result: BookingCancellation = {
      bookingId: booking.id,
      from: booking.status,
      jobs,
      refundMinor: moved.find((e) => e.kind === "refund")?.amountMinor ?? 0,
      payoutMinor: moved.find((e) => e.kind === "payout")?.amountMinor ?? 0,
      currency: cancelled.currency,
    };
    const batchId = randomUUID();
    await recordAudit(tx, {
      actor,
      action: "booking.cancel",
      recordType: "booking",
      recordId: String(booking.id),
      from: { status: booking.status },
      to: { status: cancelled.status, refundMinor: result.refundMinor, payoutMinor: result.payoutMinor, currency: result.currency, jobsCancelled: jobs.map((job) => job.id) },
      reason: input.reason,
      batchId,
    });
    await recordAuditMany(tx, jobs.map((job) => ({
      actor,
      action: "booking.cancel" as const,
      recordType: "scheduled_job",
      recordId: job.id,
      from: { status: before.find((b) => b.id === job.id)?.status },
      to: { status: job.status },
      reason: input.reason,
      batchId,
    })));
    return result;
  });
}
