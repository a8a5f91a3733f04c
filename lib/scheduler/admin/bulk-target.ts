// What a bulk action is about: which jobs (selected ids, or a jobs-page filter), what change
// (cancel, retry dead jobs, shift by an offset, move to one time), and the SQL pieces both the preview and the
// batches use, so they agree on which statuses a change applies to and where a job lands.
import { Prisma } from "../../db/client.ts";
import { limits } from "../limits.ts";
import type { JobStatus } from "../queries.ts";
import { jobFilterConditions, type JobListFilter } from "./job-list.ts";

export type BulkTarget = { kind: "ids"; ids: bigint[] } | { kind: "filter"; filter: JobListFilter };
export type BulkChange = { kind: "cancel" } | { kind: "retry" } | { kind: "shift"; offsetMs: number } | { kind: "move"; to: Date };

/** Most jobs one selection may name (a page holds at most 100; a filter has no such limit). */
export const maxSelectedIds = 1_000;

/** The operation's action, as its row and the audit entries of its jobs name it. */
export type BulkAction = `bulk.${BulkChange["kind"]}`;
export const actionOf: Record<BulkChange["kind"], BulkAction> = { cancel: "bulk.cancel", retry: "bulk.retry", shift: "bulk.shift", move: "bulk.move" };

/** Statuses each change applies to; a running job is reported skipped (its attempt is under way). */
export function applicableStatuses(change: BulkChange): JobStatus[] {
  if (change.kind === "cancel") return ["pending", "dead"];
  if (change.kind === "retry") return ["dead"];
  return ["pending"];
}

/** The filter's conditions (a selection's are its ids): every one is met by `TRUE` when empty. */
export function targetConditions(target: BulkTarget): Prisma.Sql[] {
  if (target.kind === "ids") return [Prisma.sql`id = ANY(${target.ids}::bigint[])`];
  return jobFilterConditions(target.filter);
}

/** The conditions as one boolean expression (for "does this job still match?"). */
export function matchesTargetSql(target: BulkTarget): Prisma.Sql {
  const conditions = targetConditions(target);
  return conditions.length === 0 ? Prisma.sql`true` : Prisma.sql`(${Prisma.join(conditions, " AND ")})`;
}

/** Where a job lands (cancel and retry: where it was due; a retried job runs at once), clamped to the engine's run-time range. */
export function newRunAtSql(change: BulkChange): Prisma.Sql {
  if (change.kind === "shift") {
    return Prisma.sql`least(greatest(run_at + ${change.offsetMs}::float8 * interval '1 millisecond', ${limits.earliestRunAt}::timestamptz), ${limits.latestRunAt}::timestamptz)`;
  }
  if (change.kind === "move") return Prisma.sql`${change.to}::timestamptz`;
  return Prisma.sql`run_at`;
}

/** The same landing time computed for one job in JavaScript (the batches' audit entries). */
export function newRunAt(change: Extract<BulkChange, { kind: "shift" | "move" }>, runAt: Date): Date {
  if (change.kind === "move") return change.to;
  return new Date(Math.min(Math.max(runAt.getTime() + change.offsetMs, limits.earliestRunAt.getTime()), limits.latestRunAt.getTime()));
}

/** The target and change as stored on the operation row. */
export function toJson(target: BulkTarget, change: BulkChange): { target: Prisma.InputJsonValue; change: Prisma.InputJsonValue } {
  const filter = target.kind === "filter" ? target.filter : undefined;
  return {
    target:
      target.kind === "ids"
        ? { kind: "ids", ids: target.ids.map(String) }
        : { kind: "filter", filter: { ...filter, from: filter?.from?.toISOString(), to: filter?.to?.toISOString() } as Prisma.InputJsonValue },
    change: change.kind === "move" ? { kind: "move", to: change.to.toISOString() } : change,
  };
}

export function fromJson(target: Prisma.JsonValue, change: Prisma.JsonValue): { target: BulkTarget; change: BulkChange } {
  const t = target as { kind: string; ids?: string[]; filter?: Record<string, unknown> };
  const c = change as { kind: string; offsetMs?: number; to?: string };
  const parsedTarget: BulkTarget =
    t.kind === "ids"
      ? { kind: "ids", ids: (t.ids ?? []).map((id) => BigInt(id)) }
      : {
          kind: "filter",
          filter: {
            ...(t.filter as JobListFilter),
            from: t.filter?.from ? new Date(t.filter.from as string) : undefined,
            to: t.filter?.to ? new Date(t.filter.to as string) : undefined,
          },
        };
  const parsedChange: BulkChange =
    c.kind === "shift" ? { kind: "shift", offsetMs: c.offsetMs! } : c.kind === "move" ? { kind: "move", to: new Date(c.to!) } : c.kind === "retry" ? { kind: "retry" } : { kind: "cancel" };
  return { target: parsedTarget, change: parsedChange };
}
