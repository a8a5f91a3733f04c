// A stale-page refusal says what changed and who changed it (the tick ran it and how it ended,
// an operator moved it and to when, the business cancelled it and why), and every time in it,
// like the confirmation of a change, is in the operator's display zone: one zone per screen.
// The job page's server actions called directly; next/headers hands them the session cookie
// and the display-zone cookie, as Next does inside a request.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../helpers/database.ts";
import { createSignedInOperator, sessionCookieName, type SignedInOperator } from "../helpers/operators.ts";
import { claim, runClaimed } from "../helpers/engine.ts";
import { schedule } from "../../lib/scheduler/index.ts";
import { catalogue, demoPing } from "../../jobs/index.ts";
import { jobVersion } from "../../lib/operations/job-as-seen.ts";
import type { ActionState } from "../../app/_lib/action-state.ts";

const secret = "stale-messages-test-secret-0123456789abcdef";
let cookieHeader = "";
const zone = "Europe/Berlin";
vi.mock("next/headers", () => ({
  headers: async () => new Headers(cookieHeader ? { cookie: cookieHeader } : {}),
  cookies: async () => ({ get: (name: string) => (name === "duly_tz" ? { name, value: zone } : undefined) }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const database = useTestDatabase();
let olga: SignedInOperator;
let vic: SignedInOperator;
let actions: typeof import("../../app/jobs/[id]/actions.ts");
const idle: ActionState = { ok: false };

beforeAll(async () => {
  process.env.DATABASE_URL = database.url;
  process.env.BETTER_AUTH_SECRET = secret;
  process.env.BETTER_AUTH_URL = "http://duly.test";
  olga = await createSignedInOperator(database.db, { role: "operator", secret, label: "olga" });
  vic = await createSignedInOperator(database.db, { role: "operator", secret, label: "vic" });
  actions = await import("../../app/jobs/[id]/actions.ts");
});

afterEach(() => {
  cookieHeader = "";
});

const signInAs = (user: SignedInOperator) => {
  cookieHeader = `${sessionCookieName}=${user.cookieValue}`;
};

async function pendingJob(runAt: Date) {
  const { id } = await database.db.$transaction((tx) => schedule(tx, demoPing, { runAt, payload: { note: "stale message test" } }));
  return { id, seen: (await jobVersion(database.db, id))! };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/** "2026-12-01 10:02:03 Europe/Berlin (+01:00)" with any time: the audit log's clock is the database's. */
const berlinTime = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d Europe/Berlin \(\+0[12]:00\)`;

describe("a stale page's refusal says what changed and who changed it", () => {
  it("the tick ran it: when (in the operator's zone) and how it ended", async () => {
    const job = await pendingJob(new Date("2020-01-10T12:00:00Z"));
    const [claimed] = await claim(database.db, catalogue, { now: new Date("2020-01-10T12:00:01Z"), tickId: "stale-message-tick" });
    expect(await runClaimed(database.db, catalogue, claimed!)).toBe("succeeded");
    signInAs(olga);
    const state = await actions.cancelJobAction(idle, form({ jobId: job.id.toString(), ...job.seen, reason: "too late" }));
    expect(state.ok).toBe(false);
    expect(state.message).toMatch(/it was pending on your page and is now succeeded \(the tick ran it at 2020-01-10 13:00:0\d Europe\/Berlin \(\+01:00\) and it succeeded\)/);
  });

  it("another operator moved it: who, when, and to when", async () => {
    const job = await pendingJob(new Date("2030-01-10T12:00:00Z"));
    const fields = { jobId: job.id.toString(), ...job.seen, zone };
    signInAs(olga);
    expect((await actions.rescheduleJobAction(idle, form({ ...fields, localRunAt: "2030-01-11T10:00", reason: "chef is late" }))).ok).toBe(true);
    signInAs(vic);
    const state = await actions.runJobNowAction(idle, form({ jobId: job.id.toString(), ...job.seen }));
    expect(state.message).toMatch(new RegExp(`it was changed \\(Test olga rescheduled it at ${berlinTime} to 2030-01-11 10:00:00 Europe/Berlin \\(\\+01:00\\)\\)`));
  });

  it("the business cancelled it: who and why", async () => {
    const job = await pendingJob(new Date("2030-01-10T12:00:00Z"));
    await database.db.$executeRaw`
      UPDATE scheduled_jobs SET status = 'cancelled', cancelled_at = ${new Date("2030-01-05T08:00:00Z")}, cancelled_by = 'customer:7', cancel_reason = 'booking cancelled by the customer'
      WHERE id = ${job.id}`;
    signInAs(olga);
    const state = await actions.rescheduleJobAction(idle, form({ jobId: job.id.toString(), ...job.seen, zone, localRunAt: "2030-01-12T10:00", reason: "move it" }));
    expect(state.message).toContain("it was pending on your page and is now cancelled (customer:7 cancelled it at 2030-01-05 09:00:00 Europe/Berlin (+01:00) (booking cancelled by the customer))");
  });
});

describe("a confirmation names its time in the operator's zone", () => {
  it("a reschedule says where the job went in the display zone, not as a raw ISO instant", async () => {
    const job = await pendingJob(new Date("2030-01-10T12:00:00Z"));
    signInAs(olga);
    const state = await actions.rescheduleJobAction(idle, form({ jobId: job.id.toString(), ...job.seen, zone, localRunAt: "2030-01-12T09:30", reason: "chef asked" }));
    expect(state).toMatchObject({ ok: true, message: "Rescheduled: moved to 2030-01-12 09:30:00 Europe/Berlin (+01:00)." });
  });
});
