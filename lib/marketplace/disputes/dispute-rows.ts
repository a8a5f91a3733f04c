// Reading a dispute and changing its status the guarded way (see bookings/booking-rows.ts).
import type { Tx } from "../../db/client.ts";
import type { Dispute, DisputeStatus, Prisma } from "../../db/generated/client.ts";
import { notFound, refuseTransition, type Transition } from "../transitions.ts";
import { disputeTransitions } from "./dispute-status.ts";
import { recordDisputeEvent } from "../events.ts";

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
  event: { by: string; booking: { customerId: number; chefId: number } },
): Promise<Dispute | null> {
  const { from, to } = disputeTransitions[name] as Transition<DisputeStatus>;
  if (!from.includes(observed)) throw new Error(`dispute transition ${name} does not apply to ${observed}`);
  const [updated] = await tx.dispute.updateManyAndReturn({ where: { id: disputeId, status: observed }, data: { ...data, status: to } });
  // The change's event, in its transaction (lib/events): a deadline's resolution is told apart.
  const type = name === "reply" ? "dispute.replied" : event.by.startsWith("system:") ? "dispute.auto_resolved" : "dispute.resolved";
  if (updated) await recordDisputeEvent(tx, updated, event.booking, type, event.by, data.updatedAt);
  return updated ?? null;
}
