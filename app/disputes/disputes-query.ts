// The disputes page's URL: which disputes (open by default; resolved is the history) and the
// page position, so a view can be shared and reloaded.
import { z } from "zod";
import { describeIssues, blankToUndefined, keysetPosition, unstorableParam, type RawSearchParams } from "@/app/_lib/search-params.ts";
import { disputeListStatuses, type DisputeListStatus } from "@/lib/operations/disputes.ts";

const cursor = keysetPosition("int");

const schema = z.strictObject({
  status: z.preprocess(blankToUndefined, z.enum(disputeListStatuses).default("open")),
  after: cursor.optional(),
});

export interface DisputesQuery {
  status: DisputeListStatus;
  after?: { at: Date; id: number };
}

export function parseDisputesQuery(params: RawSearchParams): { ok: true; query: DisputesQuery } | { ok: false; error: string } {
  const unstorable = unstorableParam(params);
  if (unstorable) return { ok: false, error: unstorable };
  const parsed = schema.safeParse(params);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  return { ok: true, query: parsed.data };
}

export function disputesHref(query: DisputesQuery): string {
  const params = new URLSearchParams();
  if (query.status !== "open") params.set("status", query.status);
  if (query.after) params.set("after", `${query.after.at.toISOString()}~${query.after.id}`);
  const text = params.toString();
  return text ? `/disputes?${text}` : "/disputes";
}
