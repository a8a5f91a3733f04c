"use server";
// An account's actions: reset now, move the next reset. Each is a public endpoint: it checks the
// operator itself, parses its form with zod (field errors, nothing written), then calls
// lib/quotas, which refuses a stale page and writes the change with its audit entry.
import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import { getDb } from "@/lib/db/client.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { moveNextReset, moveNextResetInput, resetAccountNow, resetNowInput } from "@/lib/quotas/index.ts";
import { requireOperator } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { formFields, invalid, refused, type ActionState } from "@/app/_lib/action-state.ts";

function done(accountId: bigint, message: string): ActionState {
  revalidatePath(`/accounts/${accountId}`);
  revalidatePath("/accounts");
  return { ok: true, message };
}

export async function resetAccountNowAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const parsed = resetNowInput.safeParse({ ...formFields(form), zone: (await displayZone()).zone });
    if (!parsed.success) return invalid(parsed.error);
    const db = getDb();
    const result = await resetAccountNow(db, operator, parsed.data, (await databaseClock(db))());
    return done(
      parsed.data.accountId,
      `Account ${parsed.data.accountId} has its ${result.plan} allowances back (reset on ${result.restoredOn}); its next reset stays on ${result.nextResetOn}.`,
    );
  } catch (error) {
    unstable_rethrow(error);
    return refused(error);
  }
}

export async function moveNextResetAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const parsed = moveNextResetInput.safeParse({ ...formFields(form), zone: (await displayZone()).zone });
    if (!parsed.success) return invalid(parsed.error);
    const db = getDb();
    const result = await moveNextReset(db, operator, parsed.data, (await databaseClock(db))());
    return done(parsed.data.accountId, `Account ${parsed.data.accountId}'s next reset moved from ${result.from.nextResetOn} to ${result.nextResetOn}.`);
  } catch (error) {
    unstable_rethrow(error);
    return refused(error);
  }
}
