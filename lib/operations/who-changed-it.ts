// Who changed a record, in words an operator reads at once, for a stale-page refusal. The
// records say who as labels (lib/marketplace/actor.ts): `customer:3`, `chef:7`,
// `operator:<email>`, `system:<use case>`; a quota reset says which sweep or writer. An operator
// told "customer:3" has to look the customer up; told "the customer Ann Lee (customer 3)", or
// "the tick (job close-event)", or "Olga Ops", they know.
import type { DbOrTx } from "../db/client.ts";

/** What a system actor's reason names: a marketplace job's handler (a tick ran it), or another caller. */
function systemActor(reason: string): string {
  if (reason === "payment-webhook") return "the payment provider (its signed webhook)";
  if (reason.startsWith("app-key:")) return `the platform's API key ${reason.slice("app-key:".length)}`;
  if (tickReasons.has(reason)) return `the tick (job ${reason})`;
  return `the system (${reason})`;
}

/** The reasons the marketplace's job handlers act under (jobs/marketplace/*.ts): a tick ran them. */
const tickReasons = new Set([
  "accept-deadline", "payment-deadline", "close-event", "complete", "payout", "dispute-reply-deadline", "move-answer-deadline", "close-auction",
]);

/** An operator by the name the sign-in table knows, else by email. */
export async function operatorName(db: DbOrTx, email: string): Promise<string> {
  const [user] = await db.$queryRaw<Array<{ name: string }>>`SELECT name FROM auth_users WHERE email = ${email} LIMIT 1`;
  return user?.name || email;
}

/**
 * `label` in words: "the customer Ann Lee (customer 3)", "the chef Bo Chen (chef 7)", an
 * operator's name, "the tick (job close-event)", "the payment provider (its signed webhook)".
 * A label this does not know, or a party that no longer exists, is given as it is recorded.
 */
export async function whoChangedIt(db: DbOrTx, label: string | null): Promise<string> {
  if (!label) return "someone (not recorded)";
  const [kind, ...rest] = label.split(":");
  const value = rest.join(":");
  if (kind === "operator" && value) return operatorName(db, value);
  if (kind === "system" && value) return systemActor(value);
  if ((kind === "customer" || kind === "chef") && /^[1-9]\d{0,9}$/.test(value)) {
    const id = Number(value);
    const [party] =
      kind === "customer"
        ? await db.$queryRaw<Array<{ name: string }>>`SELECT name FROM customers WHERE id = ${id}`
        : await db.$queryRaw<Array<{ name: string }>>`SELECT name FROM chefs WHERE id = ${id}`;
    return party ? `the ${kind} ${party.name} (${kind} ${id})` : label;
  }
  return label;
}
