"use server";
// Bulk actions' server side: preview (changes no job; records which jobs it counted), start
// (confirms that preview: its operation runs on those jobs only), and continue (one batch per
// call, so the browser shows progress; resumable). Each checks the operator itself and parses its
// input with zod.
import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { bulkBatchSize, continueBulk, previewBulk, startBulk, type BulkProgress } from "@/lib/operations/bulk.ts";
import { previewBulkBusinessTime } from "@/lib/operations/bulk-business-time.ts";
import { catalogue } from "@/jobs/index.ts";
import { fieldErrorsOf } from "@/lib/operations/inputs.ts";
import { formatInZone } from "@/lib/time/zoned-time.ts";
import { shortRelativeTime } from "@/lib/format/relative-time.ts";
import { requireOperator } from "@/app/_lib/operator-session.ts";
import { formFields, refused } from "@/app/_lib/action-state.ts";
import type { BulkPreviewState, BulkRunState } from "@/components/bulk-panel.tsx";
import { parseBulkForm } from "./bulk-input.ts";

async function fail(error: unknown): Promise<{ ok: false; message: string }> {
  unstable_rethrow(error);
  return { ok: false, message: (await refused(error)).message ?? "failed" };
}

export async function previewBulkAction(_previous: BulkPreviewState, form: FormData): Promise<BulkPreviewState> {
  try {
    const operator = await requireOperator();
    const parsed = parseBulkForm(formFields(form));
    if (!parsed.ok) return { ok: false, message: "Nothing was previewed: check the fields marked below.", fieldErrors: fieldErrorsOf(parsed.error) };
    const { target, change, reason, zone } = parsed.value;
    const db = getDb();
    const now = (await databaseClock(db))();
    const preview = await previewBulk(db, operator, { target, change, reason }, now);
    // Jobs bound to their business time that the change takes earlier: said before the operator confirms.
    const bound = await previewBulkBusinessTime(db, catalogue, target, change);
    return {
      ok: true,
      previewId: preview.id,
      changing: preview.changing,
      running: preview.running,
      notApplicable: preview.notApplicable,
      unit: preview.unit,
      histogram: preview.histogram.map((b) => ({ label: `${formatInZone(b.bucket, zone)} (${shortRelativeTime(b.bucket, now)})`, count: b.count })),
      businessTime: bound
        ? {
            jobs: bound.jobs,
            types: bound.types,
            examples: bound.examples.map((e) => ({ jobId: e.jobId, jobType: e.jobType, atText: e.at ? `${formatInZone(e.at, zone)} (${shortRelativeTime(e.at, now)})` : null })),
          }
        : undefined,
    };
  } catch (error) {
    return fail(error);
  }
}

const operationId = z.uuid("expected a bulk action id");

/** Confirms the preview the form names (`previewId`): what runs is what that preview counted. */
export async function startBulkAction(form: FormData): Promise<BulkRunState> {
  try {
    const operator = await requireOperator();
    const parsed = operationId.safeParse(form.get("previewId"));
    if (!parsed.success) return { ok: false, message: "Nothing was started: preview first, then confirm." };
    const db = getDb();
    const id = await startBulk(db, operator, parsed.data, (await databaseClock(db))());
    return { ok: true, id };
  } catch (error) {
    return fail(error);
  }
}

export async function continueBulkAction(id: string): Promise<BulkRunState> {
  try {
    await requireOperator();
    const parsed = operationId.safeParse(id);
    if (!parsed.success) return { ok: false, message: "expected a bulk action id" };
    const db = getDb();
    const progress: BulkProgress = await continueBulk(db, parsed.data, (await databaseClock(db))(), bulkBatchSize, catalogue);
    if (progress.status === "done") revalidatePath("/jobs");
    return { ok: true, id: progress.id, progress: { ...progress, createdAt: progress.createdAt.toISOString() } };
  } catch (error) {
    return fail(error);
  }
}
