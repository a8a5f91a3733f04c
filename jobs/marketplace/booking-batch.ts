// A booking deadline's batch (JobDefinition.handleMany, docs/decisions/0027): the jobs' bookings
// go to the use case's many-bookings form in one call, and the jobs whose booking it acted on
// are the ones done. The rest run their handler (the one-booking use case), which tells a
// booking that moved on from a deadline not yet come.
import type { BatchContext } from "../../lib/scheduler/index.ts";
import { systemActor, type UseCaseContext } from "../../lib/marketplace/index.ts";

type ManyBookings = (context: UseCaseContext, bookingIds: number[]) => Promise<Set<number>>;

export function bookingBatch(useCase: ManyBookings, actorName: string) {
  return async ({ tx, jobs, now }: BatchContext<{ bookingId: number }>): Promise<bigint[]> => {
    // One job per booking and type (their keys), but a batch never relies on it: a second job
    // of the same booking runs its handler.
    const jobOf = new Map<number, bigint>();
    for (const job of jobs) if (!jobOf.has(job.payload.bookingId)) jobOf.set(job.payload.bookingId, job.id);
    const acted = await useCase({ db: tx, actor: systemActor(actorName), now }, [...jobOf.keys()]);
    return [...acted].flatMap((bookingId) => jobOf.get(bookingId) ?? []);
  };
}
