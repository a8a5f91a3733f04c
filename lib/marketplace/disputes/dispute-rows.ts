// Reading a dispute and changing its status the guarded way (see bookings/booking-rows.ts).
import type { Tx } from "../../db/client.ts";
import type { Dispute, DisputeStatus, Prisma } from "../../db/generated/client.ts";
import { notFound, refuseTransition, type Transition } from "../transitions.ts";
import { disputeTransitions } from "./dispute-status.ts";

export async function loadDispute(tx: Tx, disputeId: number): Promise<Dispute> {
  return (await tx.dispute.findUnique({ where: { id: disputeId } })) ?? notFound(`dispute ${disputeId}`);
}

export function requireDisputeTransition(dispute: Dispute, name: keyof typeof disputeTransitions, action: string): void {
  const { from } = disputeTransitions[name] as Transition<DisputeStatus>;
  if (!from.includes(dispute.status)) refuseTransition(`dispute ${dispute.id}`, dispute.status, action, from);
}

/** The change, if the dispute is still `observed`; null when it no longer was. */
export async function transitionDispute(
  tx: Tx,
  disputeId: number,
  name: keyof typeof disputeTransitions,
  observed: DisputeStatus,
  data: Omit<Prisma.DisputeUpdateManyMutationInput, "status" | "updatedAt"> & { updatedAt: Date },
): Promise<Dispute | null> {
  const { from, to } = disputeTransitions[name] as Transition<DisputeStatus>;
  if (!from.includes(observed)) throw new Error(`dispute transition ${name} does not apply to ${observed}`);
  const [updated] = await tx.dispute.updateManyAndReturn({ where: { id: disputeId, status: observed }, data: { ...data, status: to } });
  return updated ?? null;
}
