// The marketplace's job types as declarations: name, payload schema, version, retry, lease,
// isolation, and how a job's key and subject follow from its payload. No handler here.
//
// Use cases (lib/) schedule jobs from these declarations; the catalogue (jobs/marketplace/*.ts)
// gives each declaration its handler, which calls a use case. So imports keep one direction
// (jobs -> lib, never lib -> jobs) and a use case never imports the handler of the job it
// schedules (docs/decisions/0010-job-declarations.md). tests/unit/marketplace/marketplace-rules.test.ts
// checks that the catalogue holds exactly these declarations, unchanged.
import { z } from "zod";
import type { Tx } from "../db/client.ts";
import {
  defineJob, schedule, scheduleMany, type BusinessTimeOf, type JobDefinition, type RetryPolicy, type ScheduleResult, type Subject,
} from "../scheduler/index.ts";
import { markInTransaction } from "./context.ts";
import {
  auctionBusinessTime, auctionInstants, bookingBusinessTime, bookingInstants, disputeBusinessTime, disputeInstants, moveRequestBusinessTime,
  moveRequestInstants,
} from "./deadline-instants.ts";
import { subjectOf } from "./subjects.ts";

export interface JobDeclaration<Schema extends z.ZodType = z.ZodType> {
  name: string;
  version: number;
  payload: Schema;
  retry: RetryPolicy;
  leaseMs: number;
  /** "alone" for every type that moves money (its transaction holds no other job's work). */
  isolation: "group" | "alone";
  /** The job's unique key, from its payload: one job per booking (or dispute, auction) per type. */
  key: (payload: z.output<Schema>) => string;
  subject: (payload: z.output<Schema>) => Subject;
  /**
   * The business instant the job's work belongs to (deadline-instants.ts). Every marketplace
   * deadline has one: run early (an operator's run now, retry, or move earlier), its use case
   * throws NotDueYet and the job waits until the instant without spending an attempt; the
   * dashboard reads this to say so before the operator confirms (docs/decisions/0020).
   */
  businessTime?: BusinessTimeOf<Schema>;
}

const bookingPayload = z.object({ bookingId: z.number().int().positive() });
const disputePayload = z.object({ disputeId: z.number().int().positive() });
const auctionPayload = z.object({ auctionId: z.number().int().positive() });
const moveRequestPayload = z.object({ moveRequestId: z.number().int().positive() });

// Deadlines retry for a long time: a deadline that could not run is retried, never dropped.
const deadlineRetry: RetryPolicy = { maxAttempts: 10, backoffBaseMs: 10_000, backoffMaxMs: 3_600_000 };

function declare<Schema extends z.ZodType>(
  declaration: Omit<JobDeclaration<Schema>, "version" | "retry" | "leaseMs"> & Partial<Pick<JobDeclaration<Schema>, "version" | "retry" | "leaseMs">>,
): JobDeclaration<Schema> {
  return { version: 1, retry: deadlineRetry, leaseMs: 15_000, ...declaration };
}

/** Key helpers: `<job type>:<subject type>:<id>`, one per job type. */
const keyOf = (type: string, subject: Subject) => `${type}:${subject.type}:${subject.id}`;

export const acceptDeadline = declare({
  name: "marketplace.booking.accept-deadline",
  payload: bookingPayload,
  isolation: "group",
  key: ({ bookingId }) => keyOf("marketplace.booking.accept-deadline", subjectOf.booking(bookingId)),
  subject: ({ bookingId }) => subjectOf.booking(bookingId),
  businessTime: bookingBusinessTime("the chef's answer deadline", bookingInstants.answerDeadline),
});

export const paymentDeadline = declare({
  name: "marketplace.booking.payment-deadline",
  payload: bookingPayload,
  isolation: "group",
  key: ({ bookingId }) => keyOf("marketplace.booking.payment-deadline", subjectOf.booking(bookingId)),
  subject: ({ bookingId }) => subjectOf.booking(bookingId),
  businessTime: bookingBusinessTime("the customer's payment deadline", bookingInstants.paymentDeadline),
});

export const closeEventJob = declare({
  name: "marketplace.booking.close-event",
  payload: bookingPayload,
  isolation: "group",
  key: ({ bookingId }) => keyOf("marketplace.booking.close-event", subjectOf.booking(bookingId)),
  subject: ({ bookingId }) => subjectOf.booking(bookingId),
  businessTime: bookingBusinessTime("the booking's event time", bookingInstants.event),
});

export const completeBookingJob = declare({
  name: "marketplace.booking.complete",
  payload: bookingPayload,
  isolation: "group",
  key: ({ bookingId }) => keyOf("marketplace.booking.complete", subjectOf.booking(bookingId)),
  subject: ({ bookingId }) => subjectOf.booking(bookingId),
  businessTime: bookingBusinessTime("the completion time (the event time plus the completion delay)", bookingInstants.completion),
});

export const payoutJob = declare({
  name: "marketplace.booking.payout",
  payload: bookingPayload,
  isolation: "alone",
  key: ({ bookingId }) => keyOf("marketplace.booking.payout", subjectOf.booking(bookingId)),
  subject: ({ bookingId }) => subjectOf.booking(bookingId),
  businessTime: bookingBusinessTime("the payout time (completion plus the dispute window)", bookingInstants.payout),
});

export const disputeReplyDeadline = declare({
  name: "marketplace.dispute.reply-deadline",
  payload: disputePayload,
  isolation: "alone", // refunds the customer
  key: ({ disputeId }) => keyOf("marketplace.dispute.reply-deadline", subjectOf.dispute(disputeId)),
  subject: ({ disputeId }) => subjectOf.dispute(disputeId),
  businessTime: disputeBusinessTime("the chef's reply deadline", disputeInstants.replyDeadline),
});

export const closeAuctionJob = declare({
  name: "marketplace.auction.close",
  payload: auctionPayload,
  isolation: "group",
  key: ({ auctionId }) => keyOf("marketplace.auction.close", subjectOf.auction(auctionId)),
  subject: ({ auctionId }) => subjectOf.auction(auctionId),
  businessTime: auctionBusinessTime("the auction's closing time", auctionInstants.close),
});

/** The chef's answer to a move request: on silence it lapses and the booking keeps its terms. */
export const moveAnswerDeadline = declare({
  name: "marketplace.booking.move-answer-deadline",
  payload: moveRequestPayload,
  isolation: "group",
  key: ({ moveRequestId }) => keyOf("marketplace.booking.move-answer-deadline", subjectOf.moveRequest(moveRequestId)),
  subject: ({ moveRequestId }) => subjectOf.moveRequest(moveRequestId),
  businessTime: moveRequestBusinessTime("the chef's answer deadline for the move", moveRequestInstants.answerDeadline),
});

/** Every marketplace job type, for the catalogue's completeness check. */
export const marketplaceDeclarations: readonly JobDeclaration[] = [
  acceptDeadline, paymentDeadline, closeEventJob, completeBookingJob, payoutJob, disputeReplyDeadline, closeAuctionJob, moveAnswerDeadline,
] as JobDeclaration[];

/**
 * The job type a declaration becomes once the catalogue gives it a handler, and optionally a
 * batch (`handleMany`: several due jobs at once, docs/decisions/0027).
 */
export function withHandler<Schema extends z.ZodType>(
  declaration: JobDeclaration<Schema>,
  handler: JobDefinition<Schema>["handler"],
  handleMany?: JobDefinition<Schema>["handleMany"],
): JobDefinition<Schema> {
  const { name, version, payload, retry, leaseMs, isolation, businessTime } = declaration;
  // The handler's client is bound to the job's transaction: use cases join it (context.ts).
  const joiningHandler: JobDefinition<Schema>["handler"] = (context) => {
    markInTransaction(context.tx);
    return handler(context);
  };
  const joiningBatch: JobDefinition<Schema>["handleMany"] = handleMany && ((context) => {
    markInTransaction(context.tx);
    return handleMany(context);
  });
  return defineJob({
    name, version, payload, retry, leaseMs, isolation, inTimeTravel: "run", businessTime, handler: joiningHandler,
    ...(joiningBatch ? { handleMany: joiningBatch } : {}),
  });
}

// What schedule() needs of a job type is its name, version, schema and retry policy; the handler
// is the catalogue's. This stand-in is never run: ticks take handlers from the catalogue.
const schedulable = new WeakMap<JobDeclaration, JobDefinition>();
function definitionFor<Schema extends z.ZodType>(declaration: JobDeclaration<Schema>): JobDefinition<Schema> {
  let definition = schedulable.get(declaration as JobDeclaration);
  if (!definition) {
    definition = withHandler(declaration, async () => {
      throw new Error(`${declaration.name}: a declaration's stand-in handler ran; the catalogue must supply the handler`);
    }) as unknown as JobDefinition;
    schedulable.set(declaration as JobDeclaration, definition);
  }
  return definition as unknown as JobDefinition<Schema>;
}

/**
 * scheduleDeadline for many payloads of one declaration, in one statement (a batch of handlers
 * scheduling their next deadlines, docs/decisions/0027): the same keys, subjects and "a pending
 * job with the same key is moved" as one scheduleDeadline each.
 */
export async function scheduleDeadlines<Schema extends z.ZodType>(
  tx: Tx,
  declaration: JobDeclaration<Schema>,
  deadlines: Array<{ payload: z.output<Schema>; runAt: Date }>,
): Promise<void> {
  if (deadlines.length === 0) return;
  const inputs = deadlines.map(({ payload, runAt }) => ({
    runAt, payload: payload as z.input<Schema>, key: declaration.key(payload), subject: declaration.subject(payload),
  }));
  await scheduleMany(tx, definitionFor(declaration), inputs, { existingKey: "move" });
}

/**
 * Schedules (or, for a pending job with the same key, moves) the deadline in the caller's
 * transaction, with its key and subject derived from the payload.
 */
export function scheduleDeadline<Schema extends z.ZodType>(
  tx: Tx,
  declaration: JobDeclaration<Schema>,
  payload: z.output<Schema>,
  runAt: Date,
): Promise<ScheduleResult> {
  return schedule(tx, definitionFor(declaration), {
    runAt,
    payload: payload as z.input<Schema>,
    key: declaration.key(payload),
    subject: declaration.subject(payload),
  });
}
