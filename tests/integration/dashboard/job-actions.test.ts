// The job page's server actions called directly, as a forged POST would call them: each checks
// the operator itself, refuses bad input with field errors and writes nothing, refuses a stale
// page (a tick claimed the job, another operator moved it) and writes nothing, and writes every
// change together with its audit entry. next/headers is the only stand-in: it hands the action
// the request's cookie, as Next does inside a request.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { createSignedInOperator, sessionCookieName, type SignedInOperator } from "../../helpers/operators.ts";
import { claim } from "../../helpers/engine.ts";
import { schedule } from "../../../lib/scheduler/index.ts";
import { demoPing } from "../../../jobs/index.ts";
import { catalogue } from "../../../jobs/index.ts";
import { jobVersion } from "../../../lib/operations/job-as-seen.ts";
import type { ActionState } from "../../../app/_lib/action-state.ts";

const secret = "job-actions-test-secret-0123456789abcdef";
let cookieHeader = "";
vi.mock("next/headers", () => ({
  headers: async () => new Headers(cookieHeader ? { cookie: cookieHeader } : {}),
  cookies: async () => ({ get: () => undefined }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const database = useTestDatabase();
let operator: SignedInOperator;
let viewer: SignedInOperator;
let actions: typeof import("../../../app/jobs/[id]/actions.ts");

const signInAs = (user: SignedInOperator | null) => {
  cookieHeader = user ? `${sessionCookieName}=${user.cookieValue}` : "";
};

beforeAll(async () => {
  process.env.DATABASE_URL = database.url;
  process.env.BETTER_AUTH_SECRET = secret;
  process.env.BETTER_AUTH_URL = "http://duly.test";
  operator = await createSignedInOperator(database.db, { role: "operator", secret });
  viewer = await createSignedInOperator(database.db, { role: "viewer", secret });
  actions = await import("../../../app/jobs/[id]/actions.ts");
});

afterEach(() => signInAs(null));

async function pendingJob(runAt = new Date("2030-01-10T12:00:00Z")) {
  const { id } = await database.db.$transaction((tx) => schedule(tx, demoPing, { runAt, payload: { note: "actions test" } }));
  return { id, seen: (await jobVersion(database.db, id))! };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

async function auditOf(id: bigint) {
  return database.db.auditEntry.findMany({ where: { recordType: "scheduled_job", recordId: id.toString() }, orderBy: { id: "asc" } });
}

const idle: ActionState = { ok: false };

describe("reschedule", () => {
  it("moves the job to a local time in the operator's zone and audits who, from, to and why", async () => {
    const job = await pendingJob();
    signInAs(operator);
    const state = await actions.rescheduleJobAction(idle, form({
      jobId: job.id.toString(), status: job.seen.status, version: job.seen.version,
      localRunAt: "2030-01-12T09:30", zone: "Europe/Berlin", reason: "chef asked for a later start",
    }));
    expect(state).toMatchObject({ ok: true });
    const row = await database.db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row.runAt.toISOString()).toBe("2030-01-12T08:30:00.000Z");
    const [entry] = await auditOf(job.id);
    expect(entry).toMatchObject({
      actorEmail: operator.email, action: "job.reschedule", reason: "chef asked for a later start",
      fromValue: { runAt: "2030-01-10T12:00:00.000Z", status: "pending" }, toValue: { runAt: "2030-01-12T08:30:00.000Z" },
    });
  });

  it("answers bad input with a message per field and writes nothing", async () => {
    const job = await pendingJob();
    signInAs(operator);
    const state = await actions.rescheduleJobAction(idle, form({
      jobId: job.id.toString(), status: job.seen.status, version: job.seen.version,
      localRunAt: "2030-02-30T09:30", zone: "Mars/Olympus", reason: " ",
    }));
    expect(state.ok).toBe(false);
    expect(Object.keys(state.fieldErrors ?? {}).sort()).toEqual(["localRunAt", "reason", "zone"]);
    const nul = await actions.rescheduleJobAction(idle, form({
      jobId: "1; DROP TABLE scheduled_jobs", status: "pending", version: "x",
      localRunAt: "2030-01-12T09:30", zone: "UTC", reason: "bad\u0000reason",
    }));
    expect(Object.keys(nul.fieldErrors ?? {}).sort()).toEqual(["jobId", "reason", "version"]);
    expect((await database.db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).runAt.toISOString()).toBe("2030-01-10T12:00:00.000Z");
    expect(await auditOf(job.id)).toEqual([]);
  });

  it("refuses a local time the zone skips, and asks which one of a time it repeats", async () => {
    const job = await pendingJob();
    signInAs(operator);
    const base = { jobId: job.id.toString(), status: job.seen.status, version: job.seen.version, zone: "Europe/Berlin", reason: "clock change test" };
    const gap = await actions.rescheduleJobAction(idle, form({ ...base, localRunAt: "2030-03-31T02:30" }));
    expect(gap.fieldErrors?.localRunAt).toMatch(/does not exist in Europe\/Berlin/);
    const twice = await actions.rescheduleJobAction(idle, form({ ...base, localRunAt: "2030-10-27T02:30" }));
    expect(twice.fieldErrors?.offsetChoice).toMatch(/happens twice/);
    expect(await auditOf(job.id)).toEqual([]);
    const second = await actions.rescheduleJobAction(idle, form({ ...base, localRunAt: "2030-10-27T02:30", offsetChoice: "later" }));
    expect(second.ok).toBe(true);
    expect((await database.db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).runAt.toISOString()).toBe("2030-10-27T01:30:00.000Z");
  });
});

describe("cancel", () => {
  it("confirms in one sentence that says what happened, for a waiting job and for a running one", async () => {
    signInAs(operator);
    const waiting = await pendingJob();
    const first = await actions.cancelJobAction(idle, form({ jobId: waiting.id.toString(), ...waiting.seen, reason: "booking withdrawn" }));
    expect(first).toMatchObject({ ok: true, message: "Cancelled." });

    const running = await pendingJob(new Date("2020-01-01T00:00:00Z"));
    await claim(database.db, catalogue, { now: new Date("2020-01-01T00:00:01Z"), tickId: "cancel-running" });
    const seen = (await jobVersion(database.db, running.id))!;
    const second = await actions.cancelJobAction(idle, form({ jobId: running.id.toString(), ...seen, reason: "booking withdrawn" }));
    expect(second).toMatchObject({ ok: true, message: "Cancelled when its running attempt ends, unless that attempt succeeds." });
  });
});

describe("who may act", () => {
  it("refuses a viewer's forged call and writes nothing", async () => {
    const job = await pendingJob();
    signInAs(viewer);
    const state = await actions.cancelJobAction(idle, form({ jobId: job.id.toString(), status: "pending", version: job.seen.version, reason: "forged by a viewer" }));
    expect(state).toMatchObject({ ok: false });
    expect(state.message).toMatch(/viewer; only an operator/);
    expect((await database.db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("pending");
    expect(await auditOf(job.id)).toEqual([]);
  });

  it("redirects a signed-out call to sign in, before reading its input", async () => {
    const job = await pendingJob();
    signInAs(null);
    const error = await actions.runJobNowAction(idle, form({ jobId: job.id.toString(), status: "pending", version: job.seen.version })).catch((e: unknown) => e);
    expect(String((error as { digest?: string }).digest)).toMatch(/^NEXT_REDIRECT;.*\/sign-in/);
    expect(await auditOf(job.id)).toEqual([]);
  });

  it("refuses a session that was revoked", async () => {
    const job = await pendingJob();
    const revoked = await createSignedInOperator(database.db, { role: "operator", secret, label: "revoked" });
    await database.db.authSession.deleteMany({ where: { userId: revoked.id } });
    signInAs(revoked);
    await expect(actions.runJobNowAction(idle, form({ jobId: job.id.toString(), status: "pending", version: job.seen.version }))).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT/) });
  });
});

describe("a stale page", () => {
  it("cannot cancel a job a tick claimed after the page was rendered", async () => {
    const job = await pendingJob(new Date("2020-01-01T00:00:00Z"));
    await claim(database.db, catalogue, { now: new Date("2020-01-01T00:00:01Z"), tickId: "stale-test" });
    signInAs(operator);
    const state = await actions.cancelJobAction(idle, form({ jobId: job.id.toString(), status: "pending", version: job.seen.version, reason: "too late" }));
    expect(state.ok).toBe(false);
    expect(state.message).toMatch(/changed since your page showed it: it was pending on your page and is now running/);
    const row = await database.db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: "running", cancelledAt: null });
    expect(await auditOf(job.id)).toEqual([]);
  });

  it("cannot move a job another operator moved meanwhile (same status, new version)", async () => {
    const job = await pendingJob();
    signInAs(operator);
    const fields = { jobId: job.id.toString(), status: job.seen.status, version: job.seen.version, zone: "UTC", reason: "first operator" };
    expect((await actions.rescheduleJobAction(idle, form({ ...fields, localRunAt: "2030-01-11T10:00" }))).ok).toBe(true);
    const second = await actions.rescheduleJobAction(idle, form({ ...fields, localRunAt: "2030-01-15T10:00", reason: "second operator, stale page" }));
    expect(second.message).toMatch(/changed since your page showed it: it was changed/);
    expect((await database.db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).runAt.toISOString()).toBe("2030-01-11T10:00:00.000Z");
    expect((await auditOf(job.id)).map((e) => e.reason)).toEqual(["first operator"]);
  });
});

describe("cancel, run now, retry", () => {
  it("cancels with a reason (required), recording who", async () => {
    const job = await pendingJob();
    signInAs(operator);
    const missing = await actions.cancelJobAction(idle, form({ jobId: job.id.toString(), status: "pending", version: job.seen.version, reason: "" }));
    expect(missing.fieldErrors?.reason).toMatch(/reason is required/);
    const state = await actions.cancelJobAction(idle, form({ jobId: job.id.toString(), status: "pending", version: job.seen.version, reason: "booking cancelled by phone" }));
    expect(state.ok).toBe(true);
    expect(await database.db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "cancelled", cancelledBy: operator.email, cancelReason: "booking cancelled by phone" });
    expect((await auditOf(job.id)).map((e) => [e.action, e.fromValue, e.toValue])).toEqual([["job.cancel", { status: "pending" }, { status: "cancelled" }]]);
  });

  it("makes a pending job due now, and puts a dead job back to pending", async () => {
    const job = await pendingJob();
    signInAs(operator);
    expect((await actions.runJobNowAction(idle, form({ jobId: job.id.toString(), status: "pending", version: job.seen.version }))).ok).toBe(true);
    expect((await database.db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).runAt.getTime()).toBeLessThan(Date.now() + 60_000);

    const dead = await pendingJob();
    await database.db.$executeRaw`UPDATE scheduled_jobs SET status = 'dead', attempts = 5, finished_at = now() WHERE id = ${dead.id}`;
    const deadSeen = (await jobVersion(database.db, dead.id))!;
    // Retrying from a page that still shows it pending is stale.
    expect((await actions.retryJobAction(idle, form({ jobId: dead.id.toString(), ...dead.seen }))).message).toMatch(/changed since/);
    expect((await actions.retryJobAction(idle, form({ jobId: dead.id.toString(), ...deadSeen }))).ok).toBe(true);
    expect(await database.db.scheduledJob.findUniqueOrThrow({ where: { id: dead.id } })).toMatchObject({ status: "pending", maxAttempts: 6 });
    expect((await auditOf(dead.id)).map((e) => e.action)).toEqual(["job.retry"]);
  });

  it("refuses to retry a job that is not dead, saying why", async () => {
    const job = await pendingJob();
    signInAs(operator);
    const state = await actions.retryJobAction(idle, form({ jobId: job.id.toString(), ...job.seen }));
    expect(state.message).toMatch(/it is pending \(only dead jobs can be\)/);
    expect(await auditOf(job.id)).toEqual([]);
  });
});
