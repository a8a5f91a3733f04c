// Who is acting: every use case takes one, so authorisation lives with the rule it protects and
// the dashboard's audit log can later record the same calls. The API maps an API key to a
// customer or chef; the dashboard maps its session to an operator; job handlers act as the system.
import { z } from "zod";
import { DulyError, ErrorCode } from "../errors.ts";

export const actorSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("customer"), customerId: z.number().int().positive() }),
  z.object({ kind: z.literal("chef"), chefId: z.number().int().positive() }),
  z.object({ kind: z.literal("operator"), email: z.string().min(3).max(200) }),
  /** A deadline passing (a job handler) or a seed; `reason` names the use case. */
  z.object({ kind: z.literal("system"), reason: z.string().min(1).max(100) }),
]);
export type Actor = z.infer<typeof actorSchema>;

export const systemActor = (reason: string): Actor => ({ kind: "system", reason });

/** How an actor is written in ledger entries, ended_by columns and job cancellations. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case "customer":
      return `customer:${actor.customerId}`;
    case "chef":
      return `chef:${actor.chefId}`;
    case "operator":
      return `operator:${actor.email}`;
    case "system":
      return `system:${actor.reason}`;
  }
}

/** Refuses (NOT_ALLOWED) unless the actor is one of `allowed`; names who may. */
export function requireActor<Kind extends Actor["kind"]>(
  actor: Actor,
  allowed: readonly Kind[],
  action: string,
): asserts actor is Extract<Actor, { kind: Kind }> {
  if (!allowed.includes(actor.kind as Kind)) {
    throw new DulyError(ErrorCode.NotAllowed, `${action} is for ${allowed.join(" or ")}; ${actorLabel(actor)} may not`);
  }
}
