// What a server action answers its form: ok with a message, or why not (a message for the
// whole form, and one per bad field). Shared so every action reads the same to the operator.
import { z } from "zod";
import { isDulyError } from "@/lib/errors.ts";
import { fieldErrorsOf } from "@/lib/operations/inputs.ts";
import { FieldRefusal } from "@/lib/validation/field-refusal.ts";
import { instantsInZone } from "@/lib/time/zoned-text.ts";
import { displayZone } from "./display-zone.ts";
import { httpErrorOf } from "./http-errors.ts";

import type { ActionState } from "@/components/action-state.ts";

export type { ActionState };

export const idleState: ActionState = { ok: false };

/** A FormData's string fields as a plain object (a File field is kept and refused by the schema). */
export function formFields(form: FormData): Record<string, FormDataEntryValue> {
  return Object.fromEntries(form.entries());
}

export function invalid(error: z.ZodError): ActionState {
  return { ok: false, message: "Nothing was changed: check the fields marked below.", fieldErrors: fieldErrorsOf(error) };
}

/**
 * A refusal from lib/ (stale page, wrong status, not allowed) becomes a message; anything
 * unexpected is logged and answered without its details. Never swallowed silently. lib/ writes
 * instants as ISO in UTC (the API's words); the operator reads them in the display zone, as
 * every time on the screen (one zone per screen).
 */
export async function refused(error: unknown): Promise<ActionState> {
  const { zone } = await displayZone();
  if (error instanceof FieldRefusal) {
    return { ok: false, message: "Nothing was changed: check the fields marked below.", fieldErrors: { [error.field]: instantsInZone(error.message, zone) } };
  }
  if (isDulyError(error)) return { ok: false, message: instantsInZone(error.message, zone) };
  console.error("[duly] server action failed:", error);
  return { ok: false, message: httpErrorOf(error).message };
}
