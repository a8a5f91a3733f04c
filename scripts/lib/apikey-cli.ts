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
  npm run apikey:create -- --name <what it is for> [--scope app|customer|chef] [--party <id>]
  npm run apikey:revoke -- --prefix duly_xxxxxxxx
  npm run apikey:list
An app key (the default) acts for the customer or chef named in each request's X-Acting-As header;
a customer or chef key is bound to --party. The token is printed once: only its hash is stored.`;

export class CliUsageError extends Error {}

export async function runApiKeyCli(command: string | undefined, args: string[], db: Db, output: CliOutput, now: Date): Promise<void> {
  let values: { name?: string; scope?: string; party?: string; prefix?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { name: { type: "string" }, scope: { type: "string" }, party: { type: "string" }, prefix: { type: "string" } },
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
        output.out(`${key.prefix}  ${key.scope}${bound}  ${state}  created ${key.createdAt.toISOString()}  ${key.name}`);
      }
      return;
    }
    default:
      throw new CliUsageError(command === undefined ? "a command is required" : `unknown command ${command}`);
  }
}
