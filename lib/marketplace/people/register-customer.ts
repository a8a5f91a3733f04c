import { DulyError, ErrorCode } from "../../errors.ts";
import { requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { toPersonView, type PersonView } from "../views.ts";
import { registerPersonInput, type RegisterPersonInput } from "./register-chef.ts";

export async function registerCustomer(context: UseCaseContext, input: RegisterPersonInput): Promise<PersonView> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["operator", "system"], "registering a customer");
  const person = parseInput(registerPersonInput, input, "register customer");
  return inTransaction(context.db, async (tx) => {
    if (await tx.customer.findUnique({ where: { email: person.email } })) throw new DulyError(ErrorCode.InvalidInput, `a customer with email ${person.email} exists`);
    return toPersonView(await tx.customer.create({ data: { name: person.name, email: person.email, createdAt: now } }));
  });
}
