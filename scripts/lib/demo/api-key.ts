// The demo's API key (npm start, embedded database only): one app key, its token kept beside
// the demo data (.data/demo-api-key, mode 600) so every start prints the same working key; a
// key that is gone or revoked (a wiped database, `npm run apikey:revoke`) is replaced.
// Also the curl example printed with it: a real booking of the demo data read as its customer.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../../../lib/db/client.ts";
import { authenticateApiKey, createApiKey } from "../../../lib/api/keys/api-keys.ts";
import { isDulyError } from "../../../lib/errors.ts";
import { ApiError } from "../../../lib/api/errors.ts";

export interface DemoApiKey {
  token: string;
  /** Whether this start created it (else it was read from the file). */
  created: boolean;
  file: string;
}

async function stillValid(db: Db, token: string): Promise<boolean> {
  try {
    await authenticateApiKey(db, `Bearer ${token}`);
    return true;
  } catch (error) {
    if (error instanceof ApiError || isDulyError(error)) return false;
    throw error;
  }
}

export async function ensureDemoApiKey(db: Db, dataDir: string): Promise<DemoApiKey> {
  const file = path.join(dataDir, "demo-api-key");
  const saved = await readFile(file, "utf8").then((text) => text.trim(), () => undefined);
  if (saved && (await stillValid(db, saved))) return { token: saved, created: false, file };
  const { token } = await createApiKey(db, { name: "demo (npm start)", scope: "app" });
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return { token, created: true, file };
}

/** A curl command that works against the demo: a booking with deadlines, read as its customer; or /me. */
export async function demoCurlExample(db: Db, baseUrl: string, token: string): Promise<string> {
  const booking = await db.booking.findFirst({
    where: { status: { in: ["paid", "accepted", "requested"] } },
    orderBy: { eventAt: "asc" },
    select: { id: true, customerId: true },
  });
  const target = booking ? `${baseUrl}/api/v1/bookings/${booking.id}` : `${baseUrl}/api/v1/me`;
  const actingAs = booking ? ` -H 'X-Acting-As: customer:${booking.customerId}'` : "";
  return `curl -s ${target} -H 'Authorization: Bearer ${token}'${actingAs}`;
}
