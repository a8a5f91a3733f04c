// Demo data for `npm start`: a believable marketplace (scripts/lib/demo/marketplace.ts), a week
// of demo.ping work on its bookings and disputes, and failed and dead jobs to retry. Seeds once: the jobs carry
// keys, and a second run finds the first key taken and stops; the marketplace is seeded only
// into a database without chefs. Demo sign-ins (seedDemoOperators) get fresh passwords each start.
import { randomBytes } from "node:crypto";
import type { Db } from "../lib/db/client.ts";
import { createOperator, createOperatorAuth } from "../lib/auth/operator-auth.ts";
import type { OperatorRole } from "../lib/auth/roles.ts";
import { createCatalogue, databaseClock, schedule, tick, type Subject } from "../lib/scheduler/index.ts";
import { demoPing } from "../jobs/index.ts";
import { seedMarketplace, type MarketplaceDemo } from "../scripts/lib/demo/marketplace.ts";

export type { MarketplaceDemo };

const hour = 3_600_000;
const minute = 60_000;

/**
 * demo.ping work over the next week (and one beyond it), each on a record the marketplace demo
 * made: `booking` picks the n-th upcoming booking, `dispute` the n-th open dispute. Naming only
 * records that exist, so every link a newcomer follows from a job leads somewhere.
 */
const demoJobs: Array<{ inHours: number; note: string; on: { booking: number } | { dispute: number } }> = [
  { inHours: 0.05, note: "first tick picks this up", on: { booking: 0 } },
  { inHours: 2, note: "send the chef the guest list", on: { booking: 1 } },
  { inHours: 5, note: "remind the customer of the allergy form", on: { booking: 1 } },
  { inHours: 26, note: "confirm the venue's kitchen access", on: { booking: 2 } },
  { inHours: 50, note: "ask the chef for the final menu", on: { booking: 3 } },
  { inHours: 74, note: "nudge the chef about the open dispute", on: { dispute: 0 } },
  { inHours: 120, note: "send the customer the tasting notes", on: { booking: 4 } },
  { inHours: 160, note: "request the chef's invoice", on: { booking: 4 } },
  { inHours: 24 * 40, note: "annual follow-up (outside the week)", on: { booking: 5 } },
];

/**
 * Jobs that failed before the demo starts, for a newcomer to practise on: three dead ones (one
 * attempt each, against a service down until a minute after the seed), which an operator's retry
 * then runs and succeeds, and two still retrying against a service down for two more hours. Those two get 12
 * attempts: demo.ping's backoff (10 s doubling, at most an hour) spends 5 in under three minutes,
 * which made them dead before a newcomer had signed in; 12 last about two and a half hours.
 */
const failingJobs: Array<{ agoMinutes: number; note: string; maxAttempts: number; downForMinutes: number; booking: number }> = [
  { agoMinutes: 180, note: "push the booking to the chef's calendar", maxAttempts: 1, downForMinutes: 1, booking: 0 },
  { agoMinutes: 150, note: "email the customer their receipt", maxAttempts: 1, downForMinutes: 1, booking: 2 },
  { agoMinutes: 120, note: "sync the menu to the venue", maxAttempts: 1, downForMinutes: 1, booking: 3 },
  { agoMinutes: 50, note: "text the chef the parking details", maxAttempts: 12, downForMinutes: 120, booking: 1 },
  { agoMinutes: 40, note: "notify the customer's assistant", maxAttempts: 12, downForMinutes: 120, booking: 5 },
];

export async function seedDemoData(db: Db, now: Date): Promise<{ created: number; marketplace: MarketplaceDemo | null }> {
  // The marketplace first: the demo jobs name its bookings and disputes.
  const marketplace = await seedMarketplace(db, now);
  const { created } = await seedDemoJobs(db, now);
  return { created, marketplace };
}

async function demoSubjects(db: Db, now: Date): Promise<{ bookings: Subject[]; disputes: Subject[] }> {
  const bookings = await db.booking.findMany({ where: { eventAt: { gt: now } }, orderBy: { eventAt: "asc" }, take: 6, select: { id: true } });
  const disputes = await db.dispute.findMany({ where: { status: { in: ["awaiting_reply", "awaiting_operator"] } }, orderBy: { id: "asc" }, take: 1, select: { id: true } });
  return {
    bookings: bookings.map((b) => ({ type: "booking", id: b.id })),
    disputes: disputes.map((d) => ({ type: "dispute", id: d.id })),
  };
}

/** The later of the seed's clock and the database's: a test seeds at a chosen instant, npm start at the database's. */
async function laterOf(db: Db, now: Date): Promise<Date> {
  return new Date(Math.max(now.getTime(), (await databaseClock(db))().getTime()));
}

async function seedDemoJobs(db: Db, now: Date): Promise<{ created: number }> {
  const subjects = await demoSubjects(db, now);
  // When the failing jobs' service comes back is counted from here, after the marketplace seed
  // (which a loaded machine may take a while over), so the dead ones are dead when it ends.
  const seededAt = await laterOf(db, now);
  // A record the list has (a database seeded with fewer bookings gets jobs on no record).
  const pick = (list: Subject[], n: number): Subject | undefined => (list.length === 0 ? undefined : list[n % list.length]);
  const created = await db.$transaction(async (tx) => {
    let count = 0;
    for (const [index, job] of demoJobs.entries()) {
      const result = await schedule(tx, demoPing, {
        runAt: new Date(now.getTime() + job.inHours * hour),
        payload: { note: job.note },
        key: `demo-seed:${index}`,
        subject: "booking" in job.on ? pick(subjects.bookings, job.on.booking) : pick(subjects.disputes, job.on.dispute),
      });
      if (index === 0 && !result.created) return 0; // seeded before
      if (result.created) count += 1;
    }
    for (const [index, job] of failingJobs.entries()) {
      const result = await schedule(tx, demoPing, {
        runAt: new Date(now.getTime() - job.agoMinutes * minute),
        payload: { note: job.note, failUntil: new Date(seededAt.getTime() + job.downForMinutes * minute).toISOString() },
        key: `demo-seed:failing:${index}`,
        subject: pick(subjects.bookings, job.booking),
        maxAttempts: job.maxAttempts,
      });
      if (result.created) count += 1;
    }
    return count;
  });
  if (created === 0) return { created };
  // Their first attempts, run now (late: they were due minutes to hours ago): failed, and dead
  // when it was the last. Not as of an earlier instant: the jobs were created at the database's
  // clock just now, and a job page showed its first attempt half an hour before its creation.
  const ranAt = await laterOf(db, now);
  const summary = await tick({ db, catalogue: createCatalogue([demoPing]), now: ranAt, budgetMs: 20_000, concurrency: 1 });
  if (summary.errors.length > 0) throw new Error(`demo seed: tick: ${summary.errors.join("; ")}`);
  return { created };
}

export interface DemoLogin {
  email: string;
  password: string;
  role: OperatorRole;
}

const demoOperators: Array<{ email: string; name: string; role: OperatorRole }> = [
  { email: "operator@duly.demo", name: "Demo Operator", role: "operator" },
  { email: "viewer@duly.demo", name: "Demo Viewer", role: "viewer" },
];

/**
 * One demo operator and one viewer, with fresh random passwords on every start (printed by
 * npm start): the demo never has a password anyone could know in advance, and the log always
 * shows ones that work. Only ever called for the embedded demo database.
 */
export async function seedDemoOperators(db: Db): Promise<DemoLogin[]> {
  // Hashing needs no session secret; this instance never signs a cookie.
  const auth = createOperatorAuth({ db, secret: randomBytes(32).toString("hex") });
  const context = await auth.$context;
  const logins: DemoLogin[] = [];
  for (const demo of demoOperators) {
    const password = `demo-${randomBytes(9).toString("base64url")}`;
    const existing = await db.authUser.findUnique({ where: { email: demo.email } });
    if (existing) {
      await db.authAccount.updateMany({
        where: { userId: existing.id, providerId: "credential" },
        data: { password: await context.password.hash(password) },
      });
    } else {
      await createOperator(auth, { ...demo, password });
    }
    logins.push({ email: demo.email, password, role: demo.role });
  }
  return logins;
}
