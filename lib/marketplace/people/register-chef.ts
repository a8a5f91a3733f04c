// Chefs and customers are created by operators (or the seed); sign-up is out of scope.
import { z } from "zod";
import { DulyError, ErrorCode } from "../../errors.ts";
import { requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { email, text } from "../inputs.ts";
import { toPersonView, type PersonView } from "../views.ts";

export const registerPersonInput = z.strictObject({ name: text(200), email });
export type RegisterPersonInput = z.input<typeof registerPersonInput>;

export async function registerChef(context: UseCaseContext, input: RegisterPersonInput): Promise<PersonView> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["operator", "system"], "registering a chef");
  const person = parseInput(registerPersonInput, input, "register chef");
  return inTransaction(context.db, async (tx) => {
    if (await tx.chef.findUnique({ where: { email: person.email } })) throw new DulyError(ErrorCode.InvalidInput, `a chef with email ${person.email} exists`);
    return toPersonView(await tx.chef.create({ data: { name: person.name, email: person.email, createdAt: now } }));
  });
}
