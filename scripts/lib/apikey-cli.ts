// The API key commands (scripts/apikey.ts), apart from process and database set-up so tests
// can run them against a test database.
import { parseArgs } from "node:util";
import type { Db } from "../../lib/db/client.ts";
import { createApiKey, listApiKeys, revokeApiKey, type NewApiKey } from "../../lib/api/keys/api-keys.ts";

export interface CliOutput {
  /** What a script may capture: the token alone on create. */
  out(line: string): void;
  /** What a person reads. */
  info(line: string): void;
}

export const USAGE = `usage:
  npm run apikey:create -- --name <what it is for> [--scope app|customer|chef] [--party <id>] [--read-only] [--rate-limit <per minute>]
  npm run apikey:revoke -- --prefix duly_xxxxxxxx
  npm run apikey:list
An app key (the default) acts for the customer or chef named in each request's X-Acting-As header;
a customer or chef key is bound to --party. A --read-only key may only read (GET). --rate-limit overrides
DULY_API_RATE_LIMIT for this key. The token is printed once: only its hash is stored.`;

export class CliUsageError extends Error {}

function rateLimitOf(text: string): number {
  if (!/^[1-9][0-9]{0,7}$/.test(text)) throw new CliUsageError("--rate-limit must be a positive whole number of requests per minute");
  return Number(text);
}

export async function runApiKeyCli(command: string | undefined, args: string[], db: Db, output: CliOutput, now: Date): Promise<void> {
  let values: { name?: string; scope?: string; party?: string; prefix?: string; "read-only"?: boolean; "rate-limit"?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        name: { type: "string" }, scope: { type: "string" }, party: { type: "string" }, prefix: { type: "string" },
        "read-only": { type: "boolean" }, "rate-limit": { type: "string" },
      },
      strict: true,
    }));
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  switch (command) {
    case "create": {
      if (values.name === undefined) throw new CliUsageError("--name is required");
      if (values.party !== undefined && !/^[1-9][0-9]{0,9}$/.test(values.party)) throw new CliUsageError("--party must be a positive integer id");
      const created = await createApiKey(db, {
        name: values.name,
        scope: (values.scope ?? "app") as NewApiKey["scope"],
        ...(values.party !== undefined ? { partyId: Number(values.party) } : {}),
        ...(values["read-only"] ? { readOnly: true } : {}),
        ...(values["rate-limit"] !== undefined ? { rateLimitPerMinute: rateLimitOf(values["rate-limit"]) } : {}),
      });
      output.info(`created API key ${created.prefix} (${values.scope ?? "app"}${values.party ? ` ${values.party}` : ""}, "${values.name}"). Keep the token below: it is not stored and cannot be shown again.`);
      output.out(created.token);
      return;
    }
    case "revoke": {
      if (values.prefix === undefined) throw new CliUsageError("--prefix is required (see npm run apikey:list)");
      const { revokedAt } = await revokeApiKey(db, values.prefix, now);
      output.info(`API key ${values.prefix} is revoked (since ${revokedAt.toISOString()})`);
      return;
    }
    case "list": {
      const keys = await listApiKeys(db);
      if (keys.length === 0) output.info("no API keys");
      for (const key of keys) {
        const bound = key.partyId === null ? "" : ` ${key.partyId}`;
        const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : "active";
        const access = key.readOnly ? "read-only" : "read-write";
        const used = key.lastUsedAt ? `last used ${key.lastUsedAt.toISOString()}` : "never used";
        const limit = key.rateLimitPerMinute === null ? "" : `  ${key.rateLimitPerMinute}/min`;
        output.out(`${key.prefix}  ${key.scope}${bound}  ${state}  ${access}${limit}  created ${key.createdAt.toISOString()}  ${used}  ${key.name}`);
      }
      return;
    }
    default:
      throw new CliUsageError(command === undefined ? "a command is required" : `unknown command ${command}`);
  }
}
