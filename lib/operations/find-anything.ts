// The dashboard's "find anything" box: what one pasted reference points to. The text's possible
// meanings (app/search/search-query.ts) are each looked up; every record that exists becomes a
// match with its page. The search page goes straight there when exactly one matches.
import type { DbOrTx } from "../db/client.ts";
import { countJobs, jobById, jobsByKeyPrefix, jobsByPayload, type FoundJob } from "../scheduler/admin/index.ts";

export interface SearchMatch {
  kind: "job" | "booking" | "dispute" | "customer" | "chef" | "operator" | "record";
  label: string;
  detail: string;
  href: string;
}

export interface SearchInput {
  jobId?: bigint;
  recordId?: number;
  subject?: { type: string; id: string };
  email?: string;
  payload?: Record<string, unknown>;
  keyPrefix?: string;
}

/** At most this many jobs are listed per kind of match (a prefix or a payload value may match thousands). */
export const jobMatchLimit = 50;

const jobMatch = (job: FoundJob): SearchMatch => ({
  kind: "job",
  label: `Job #${job.id}`,
  detail: [job.jobType, job.status, job.key ? `key ${job.key}` : null, job.subjectType ? `${job.subjectType}:${job.subjectId}` : null].filter(Boolean).join(" · "),
  href: `/jobs/${job.id}`,
});

async function recordMatches(db: DbOrTx, id: number, only?: "booking" | "dispute"): Promise<SearchMatch[]> {
  const matches: SearchMatch[] = [];
  if (only !== "dispute") {
    const booking = await db.booking.findUnique({ where: { id }, select: { id: true, status: true, place: true } });
    if (booking) matches.push({ kind: "booking", label: `Booking ${booking.id}`, detail: `${booking.status} · ${booking.place}`, href: `/bookings/${booking.id}` });
  }
  if (only !== "booking") {
    const dispute = await db.dispute.findUnique({ where: { id }, select: { id: true, status: true, bookingId: true } });
    if (dispute) matches.push({ kind: "dispute", label: `Dispute ${dispute.id}`, detail: `${dispute.status} · booking ${dispute.bookingId}`, href: `/disputes/${dispute.id}` });
  }
  return matches;
}

async function subjectMatches(db: DbOrTx, subject: { type: string; id: string }): Promise<SearchMatch[]> {
  if ((subject.type === "booking" || subject.type === "dispute") && /^[1-9]\d{0,9}$/.test(subject.id) && Number(subject.id) <= 2_147_483_647) {
    return recordMatches(db, Number(subject.id), subject.type);
  }
  const { count, capped } = await countJobs(db, { subject }, 1000);
  if (count === 0) return [];
  const text = `${subject.type}:${subject.id}`;
  return [{ kind: "record", label: text, detail: `${capped ? "over 1000" : count} job${count === 1 ? "" : "s"}`, href: `/jobs?${new URLSearchParams({ subject: text })}` }];
}

async function emailMatches(db: DbOrTx, email: string): Promise<SearchMatch[]> {
  const byEmail = { email: { equals: email, mode: "insensitive" as const } };
  const [customers, chefs, operators] = await Promise.all([
    db.customer.findMany({ where: byEmail, select: { name: true, email: true }, take: 5 }),
    db.chef.findMany({ where: byEmail, select: { name: true, email: true }, take: 5 }),
    db.authUser.findMany({ where: byEmail, select: { email: true }, take: 5 }),
  ]);
  const bookingsOf = (address: string) => `/bookings?${new URLSearchParams({ q: address })}`;
  return [
    ...customers.map((c): SearchMatch => ({ kind: "customer", label: `Customer ${c.name}`, detail: `${c.email}: their bookings`, href: bookingsOf(c.email) })),
    ...chefs.map((c): SearchMatch => ({ kind: "chef", label: `Chef ${c.name}`, detail: `${c.email}: their bookings`, href: bookingsOf(c.email) })),
    // An operator has no bookings of their own: what they did to bookings (and the rest) is in the audit log.
    ...operators.map((o): SearchMatch => ({ kind: "operator", label: `Operator ${o.email}`, detail: "their actions, in the audit log", href: `/audit?${new URLSearchParams({ actor: o.email })}` })),
  ];
}

export async function findAnything(db: DbOrTx, input: SearchInput): Promise<SearchMatch[]> {
  const matches: SearchMatch[] = [];
  if (input.jobId !== undefined) {
    const job = await jobById(db, input.jobId);
    if (job) matches.push(jobMatch(job));
  }
  if (input.recordId !== undefined) matches.push(...(await recordMatches(db, input.recordId)));
  if (input.email !== undefined) matches.push(...(await emailMatches(db, input.email)));
  if (input.payload !== undefined) matches.push(...(await jobsByPayload(db, input.payload, jobMatchLimit)).map(jobMatch));
  if (input.subject !== undefined) matches.push(...(await subjectMatches(db, input.subject)));
  // A record's reference found the record: keys that start with it (booking:42:remind) would only hide it.
  if (input.keyPrefix !== undefined && matches.length === 0) {
    const jobs = await jobsByKeyPrefix(db, input.keyPrefix, jobMatchLimit);
    const exact = jobs.find((job) => job.key === input.keyPrefix);
    matches.push(...(exact ? [exact] : jobs).map(jobMatch));
  }
  return matches;
}
