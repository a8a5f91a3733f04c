// Demo quota accounts for `npm start` (embedded database only, like the demo jobs): 300 accounts
// across the three plans, eight zones (with the :30 and :45 offsets of India and Nepal, and
// Auckland across the date line) and anchors that exercise the cycle rule: the 31st, Feb 29,
// December. Each has used part of its allowances, so the agenda's "quota resets" section has
// something to show every day of the coming week. Seeds once: a second run finds them.
import type { Db } from "../../../lib/db/client.ts";
import { addDays, createAccount, localDateOf, planNames } from "../../../lib/quotas/index.ts";

const zones = ["UTC", "America/New_York", "America/Los_Angeles", "Europe/Berlin", "Asia/Kolkata", "Asia/Kathmandu", "Asia/Tokyo", "Pacific/Auckland"];
// Business names a newcomer can tell apart ("Tanaka Supper Club"), marked as the demo's by a
// suffix; the first demo seeds named them "demo:<plan>-NNN", and a database seeded so is left alone.
const nameSuffix = " (demo)";
const legacyPrefix = "demo:";
const owners = ["Moreau", "Rossi", "Schmidt", "Okafor", "Tanaka", "Haddad", "Lindqvist", "Costa", "Novak", "Dubois", "Mensah", "García", "Kowalski", "Nguyen", "Fischer", "Silva", "Amara", "Berg", "Ibarra"];
const kinds = ["Catering", "Supper Club", "Events", "Kitchen", "Traiteur", "Table", "Banquets", "Pop-up", "Dining Co.", "Bistro Group", "Feasts", "Private Chefs", "Cookery", "Hospitality", "Gastronomie", "Food Studio"];

/** A distinct name per index (19 owners × 16 kinds = 304 names before any repeats). */
export function demoAccountName(i: number): string {
  return `${owners[i % owners.length]} ${kinds[Math.floor(i / owners.length) % kinds.length]}${nameSuffix}`;
}

/** Anchors: every day of the last 40 days before today, then the dates the cycle rule must get right. */
function demoAnchors(today: string): string[] {
  const recent = Array.from({ length: 40 }, (_, i) => addDays(today, -(i + 1)));
  const edgeCases = ["2024-01-31", "2025-01-31", "2024-02-29", "2020-02-29", "2023-12-31", "2024-12-10", "2025-12-01", "2022-12-15", "2024-03-31", "2025-05-31"];
  return [...recent, ...edgeCases];
}

export async function seedQuotaDemo(db: Db, now: Date, count = 300): Promise<{ created: number }> {
  const [{ existing }] = await db.$queryRaw<Array<{ existing: number }>>`
    SELECT count(*)::int AS existing FROM quota_accounts WHERE name LIKE ${`%${nameSuffix}`} OR name LIKE ${`${legacyPrefix}%`}`;
  if (existing > 0) return { created: 0 };
  const anchors = demoAnchors(localDateOf(now, "UTC"));
  return db.$transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const plan = planNames[i % planNames.length];
      const timeZone = zones[i % zones.length];
      const anchorOn = anchors[i % anchors.length];
      const { id } = await createAccount(tx, { name: demoAccountName(i), plan, anchorOn, timeZone }, now);
      // Part of each allowance used (a different part for each account), never below zero.
      const used = (i * 37) % 100;
      await tx.$executeRaw`
        UPDATE quota_accounts
           SET pages = pages * (100 - ${used}::int) / 100, questions = questions * (100 - ${used}::int) / 100,
               questions_gpt4 = questions_gpt4 * (100 - ${used}::int) / 100, documents = documents * (100 - ${used}::int) / 100
         WHERE id = ${id}`;
    }
    return { created: count };
  }, { timeout: 60_000 });
}
