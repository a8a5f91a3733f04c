// E2E fixtures: tests create their own jobs in the e2e server's database (its URL comes from the
// state file scripts/e2e-server.ts writes) and delete them afterwards.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { test as base } from "@playwright/test";
import { createDb, type Db } from "../../lib/db/client.ts";
import { schedule, type Subject } from "../../lib/scheduler/index.ts";
import { demoPing } from "../../jobs/index.ts";
import { e2eAuthSecret, e2eCronSecret, e2eStateFile, type E2eServerState } from "../../scripts/lib/e2e-state.ts";
import { createSignedInOperator, sessionCookieName, type SignedInOperator } from "../helpers/operators.ts";
import type { OperatorRole } from "../../lib/auth/roles.ts";

export { expect } from "@playwright/test";

export const dayMs = 86_400_000;

/** Headers that pass the cron route's check on the e2e server. */
export const cronAuth = { authorization: `Bearer ${e2eCronSecret}` };

/** A value no other test (or earlier run) uses, to find this test's rows on a page. */
export function uniqueMarker(): string {
  return `e2e-${randomBytes(4).toString("hex")}`;
}

/** What scripts/e2e-server.ts wrote about the server it runs (its database, its URL). */
export function e2eServerState(): E2eServerState {
  try {
    return JSON.parse(readFileSync(e2eStateFile, "utf8")) as E2eServerState;
  } catch (error) {
    throw new Error(`No e2e server state in ${e2eStateFile}: run the tests through playwright.config.ts (it starts scripts/e2e-server.ts)`, { cause: error });
  }
}

export interface ScheduledDemoPing {
  id: bigint;
  runAt: Date;
}

interface Options {
  /** Who the browser is signed in as (a fresh user per test); null: signed out. Default operator. */
  signInAs: OperatorRole | null;
  /** The operator's display zone (the duly_tz cookie). Default UTC. */
  displayZone: string;
}

interface Fixtures {
  db: Db;
  /** The user the page's browser context is signed in as (null when signInAs is null). */
  signedIn: SignedInOperator | null;
  /** Schedules a demo.ping (a no-op job) through the engine; removed after the test. */
  scheduleDemoPing: (input: { runAt: Date; subject: Subject }) => Promise<ScheduledDemoPing>;
}

export const test = base.extend<Fixtures & Options>({
  signInAs: ["operator", { option: true }],
  displayZone: ["UTC", { option: true }],
  // Playwright fixtures name their dependencies by destructuring; this one has none.
  db: async ({}, use) => {
    const db = createDb(e2eServerState().databaseUrl, { poolSize: 2 });
    await use(db);
    await db.$disconnect();
  },
  signedIn: async ({ db, signInAs }, use) => {
    if (!signInAs) return use(null);
    const user = await createSignedInOperator(db, { role: signInAs, secret: e2eAuthSecret, label: `e2e-${signInAs}`, withPassword: false });
    await use(user);
    await db.authUser.delete({ where: { id: user.id } });
  },
  context: async ({ context, signedIn, displayZone }, use) => {
    const { hostname } = new URL(e2eServerState().baseURL);
    await context.addCookies([{ name: "duly_tz", value: encodeURIComponent(displayZone), domain: hostname, path: "/", sameSite: "Lax" }]);
    if (signedIn) {
      await context.addCookies([{ name: sessionCookieName, value: signedIn.cookieValue, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
    }
    await use(context);
  },
  scheduleDemoPing: async ({ db }, use) => {
    const created: bigint[] = [];
    await use(async ({ runAt, subject }) => {
      const result = await db.$transaction((tx) => schedule(tx, demoPing, { runAt, payload: { note: "e2e" }, subject }));
      created.push(result.id);
      return { id: result.id, runAt: result.runAt };
    });
    await db.scheduledJob.deleteMany({ where: { id: { in: created } } });
  },
});
