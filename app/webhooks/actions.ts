"use server";
// Replay an event to an endpoint, or enable / disable / delete an endpoint: each checks the operator
// itself, parses its form with zod, and writes the change with its audit entry after checking
// the endpoint is still as the page showed it.
import { revalidatePath } from "next/cache";
import { redirect, unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { optionalReason, serialIdText } from "@/lib/validation/fields.ts";
import { deleteAsOperator, replayAsOperator, setEnabledAsOperator } from "@/lib/operations/webhooks.ts";
import { requireOperator } from "@/app/_lib/operator-session.ts";
import { formFields, invalid, refused, type ActionState } from "@/app/_lib/action-state.ts";

const input = z.object({
  endpointId: serialIdText("an endpoint id"),
  seenStatus: z.enum(["enabled", "disabled"]),
  intent: z.enum(["replay", "enable", "disable", "delete"]),
  eventId: z.string().regex(/^[1-9][0-9]{0,17}$/, "expected an event id").optional(),
  reason: optionalReason,
});

export async function webhookAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const parsed = input.safeParse(formFields(form));
    if (!parsed.success) return invalid(parsed.error);
    const { endpointId, seenStatus, intent, eventId, reason } = parsed.data;
    const db = getDb();
    const now = (await databaseClock(db))();
    if (intent === "replay") {
      if (!eventId) return { ok: false, message: "Which event? The form lost its event id; reload the page." };
      const { deliveryId } = await replayAsOperator(db, operator, { endpointId, eventId: BigInt(eventId), seenStatus, now });
      revalidatePath("/webhooks");
      return { ok: true, message: `Event ${eventId} is being sent again (delivery ${deliveryId}).` };
    }
    if (intent === "delete") {
      await deleteAsOperator(db, operator, { endpointId, seenStatus, now });
      revalidatePath("/webhooks");
      // The endpoint's section (and this form's message with it) is gone: the page says it.
      redirect(`/webhooks?deleted=${endpointId}`);
    }
    await setEnabledAsOperator(db, operator, { endpointId, enabled: intent === "enable", seenStatus, reason: reason ?? `${intent}d by an operator`, now });
    revalidatePath("/webhooks");
    return { ok: true, message: intent === "enable" ? `Endpoint ${endpointId} receives new events again.` : `Endpoint ${endpointId} is disabled.` };
  } catch (error) {
    unstable_rethrow(error);
    return refused(error);
  }
}
