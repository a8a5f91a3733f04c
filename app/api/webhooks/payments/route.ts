// POST /api/webhooks/payments: the payment provider tells Duly a payment was captured, signed
// with DULY_PAYMENT_WEBHOOK_SECRET (lib/api/payment-webhook/, docs/api.md "Payments"). Not an
// /api/v1 route: it takes no API key, the signature is its authentication.
import { getDb } from "@/lib/db/client.ts";
import { receivePaymentEvent } from "@/lib/api/payment-webhook/receive-payment-event.ts";
import { settings } from "@/lib/settings.ts";
import { apiErrorResponse, apiGate, apiRequest } from "../../v1/_lib/api-route.ts";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  // A request id like every API answer: the provider's delivery log and ours name the same one.
  return apiRequest(request, () => receive(request));
}

async function receive(request: Request): Promise<Response> {
  try {
    // Through the API's admission gate (one pool): a busy server answers 503 with Retry-After,
    // which the provider retries, rather than 500.
    const answer = await apiGate().run(() => receivePaymentEvent({ db: getDb(), secret: settings().DULY_PAYMENT_WEBHOOK_SECRET }, request));
    return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    const response = apiErrorResponse(error, request);
    // A refused capture is money taken at the provider that Duly did not record: say so in the
    // log, where an operator can find it, besides the provider's own list of failed deliveries.
    if (response.status < 500 && response.status !== 401) console.warn(`[payment-webhook] event refused (${response.status}):`, error instanceof Error ? error.message : error);
    return response;
  }
}
