// Who calls the webhook routes, as the audit log names them: the key (by prefix) and its owner.
import type { ActingParty } from "../api/acting-party.ts";
import type { AuditActor } from "../audit/audit-log.ts";
import { readerOf } from "./owner.ts";

export function apiAuditActor(apiKey: { prefix: string }, party: ActingParty | undefined): AuditActor {
  return { id: `api-key:${apiKey.prefix}`, email: readerOf(party) };
}
