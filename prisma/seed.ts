// Demo data for `npm start`: a week of demo.ping work on the agenda, spread over the next 7 days,
// and a believable marketplace (scripts/lib/demo/marketplace.ts). Seeds once: the jobs carry
// keys, and a second run finds the first key taken and stops; the marketplace is seeded only
// into a database without chefs. Demo sign-ins (seedDemoOperators) get fresh passwords each start.
import { randomBytes } from "node:crypto";
import type { Db } from "../lib/db/client.ts";
import { createOperator, createOperatorAuth } from "../lib/auth/operator-auth.ts";
import type { OperatorRole } from "../lib/auth/roles.ts";
import { schedule } from "../lib/scheduler/index.ts";
import { demoPing } from "../jobs/index.ts";
import { seedMarketplace, type MarketplaceDemo } from "../scripts/lib/demo/marketplace.ts";

export type { MarketplaceDemo };

const hour = 3_600_000;

const demoJobs: Array<{ inHours: number; note: string; subject?: { type: string; id: number } }> = [
  { inHours: 0.05, note: "first tick picks this up", subject: { type: "booking", id: 1001 } },
  { inHours: 2, note: "close event: garden lunch", subject: { type: "booking", id: 1002 } },
  { inHours: 5, note: "complete order 1002", subject: { type: "booking", id: 1002 } },
  { inHours: 26, note: "auto-reject unanswered order", subject: { type: "booking", id: 1003 } },
  { inHours: 50, note: "auto-cancel unpaid order", subject: { type: "booking", id: 1004 } },
  { inHours: 74, note: "resolve quiet dispute", subject: { type: "dispute", id: 17 } },
  { inHours: 120, note: "close event: wedding dinner", subject: { type: "booking", id: 1005 } },
  { inHours: 160, note: "pay out chef", subject: { type: "booking", id: 1005 } },
  { inHours: 24 * 40, note: "close event: new year's eve (outside the week)", subject: { type: "booking", id: 1006 } },
];

export async function seedDemoData(db: Db, now: Date): Promise<{ created: number; marketplace: MarketplaceDemo | null }> {
  const { created } = await seedDemoJobs(db, now);
  return { created, marketplace: await seedMarketplace(db, now) };
}

async function seedDemoJobs(db: Db, now: Date): Promise<{ created: number }> {
  return db.$transaction(async (tx) => {
    let created = 0;
    for (const [index, job] of demoJobs.entries()) {
      const result = await schedule(tx, demoPing, {
        runAt: new Date(now.getTime() + job.inHours * hour),
        payload: { note: job.note },
        key: `demo-seed:${index}`,
        subject: job.subject,
      });
      if (index === 0 && !result.created) return { created: 0 }; // seeded before
      if (result.created) created += 1;
    }
    return { created };
  });
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
