// The /api/v1 route wrapper: a route file is `export const POST = apiRoute(endpoint, handler)`.
// In order, before the handler runs: the API key (401), the acting party (400/403), the path and
// query (400), then for a POST the JSON body (415/413/400) and the Idempotency-Key (400). The
// handler calls one use case; its result is checked against the endpoint's response schema and
// answered with the endpoint's status. Anything thrown becomes the one error envelope
// `{ error: { code, message, issues? } }` through app/_lib/http-errors.ts; a 500 is logged with
// its stack and answered without it.
//
// A POST runs in one transaction: the handler's use case joins it (UseCaseContext.db), and with
// an Idempotency-Key the key's record is claimed first and the response written last, in the
// same transaction (lib/api/idempotency.ts, docs/decisions/0013).
//
// Every request first waits for its turn at the API's admission gate (lib/api/admission.ts): at
// most DULY_POOL_SIZE work at once, a bounded queue with a bounded wait, then 503 SERVER_BUSY
// with Retry-After. A saturated API refuses quickly and never answers 500 for being busy; the
// tick runs on a pool of its own (docs/decisions/0025).
//
// The handler's `now` is the database's clock, read in that transaction just before the handler
// runs (lib/db/database-now.ts), never this server's clock: one clock for deadlines and stamps.
//
// Usage (other helpers: this is the whole contract):
//
// A DELETE (method "delete") runs in one transaction like a POST, without a body or an
// Idempotency-Key.
//
//   // lib/api/v1/<area>.ts: the endpoint as data, also read by the OpenAPI document
//   export const recordUsage = defineEndpoint({ operationId: "recordUsage", method: "post",
//     path: "/accounts/{accountId}/usage", parties: [], params: z.object({ accountId: idParam("…") }),
//     body: RecordUsageBody, response: UsageView, successStatus: 200, summary: "…", tag: "Quotas" });
//   // and list it in lib/api/v1/endpoints.ts
//
//   // app/api/v1/accounts/[accountId]/usage/route.ts: wiring only
//   export const POST = apiRoute(recordUsage, ({ db, params, body, now }) =>
//     consumeAllowance({ db, now }, { accountId: params.accountId, ...body }));
//
// Throw DulyError (domain) or ApiError (lib/api/errors.ts) to refuse; both map to the envelope.
import type { z } from "zod";
import { getDb, type Db, type Tx } from "@/lib/db/client.ts";
import { databaseNow } from "@/lib/db/database-now.ts";
import { actingPartyOf, partyLabel, requireParty, type ActingParty } from "@/lib/api/acting-party.ts";
import { apiAdmission, type AdmissionGate } from "@/lib/api/admission.ts";
import { NoBody, type Endpoint } from "@/lib/api/endpoint.ts";
import { ApiError, ApiErrorCode, type InputIssue } from "@/lib/api/errors.ts";
import {
  claimIdempotencyKey,
  DEFAULT_IDEMPOTENCY_WAIT_MS,
  parseIdempotencyKey,
  recordIdempotentResponse,
  type StoredResponse,
} from "@/lib/api/idempotency.ts";
import { readJsonBody } from "@/lib/api/json-body.ts";
import { bookingEtag, parseIfMatch, requireBookingIfMatch } from "@/lib/api/preconditions.ts";
import { countRequest, rateLimitHeaders, RateLimitedError } from "@/lib/api/rate-limit.ts";
import { authenticateApiKey, type AuthenticatedKey } from "@/lib/api/keys/api-keys.ts";
import { docUrlOf, errorTypeOf } from "@/lib/api/error-catalogue.ts";
import { requestOrigin } from "@/lib/auth/request-origin.ts";
import {
  currentRequestId,
  installRequestIdLogPrefix,
  newRequestId,
  pendingResponseHeaders,
  requestIdOf,
  setResponseHeader,
  withRequestId,
} from "@/lib/api/request-id.ts";
import { httpErrorOf } from "@/app/_lib/http-errors.ts";
import { isoInstant, timeTravelEnabled } from "@/app/_lib/search-params.ts";
import { settings } from "@/lib/settings.ts";

export interface ApiContext<E extends Endpoint> {
  /** A POST's transaction (the use case joins it), or the client for a GET. */
  db: Db | Tx;
  /**
   * The customer or chef the request acts for (always set when the endpoint names parties;
   * undefined for the platform, an app key naming no party, where the endpoint allows it).
   */
  party: E["parties"] extends readonly []
    ? ActingParty | undefined
    : Extract<ActingParty, { kind: E["parties"][number] }> | ("platform" extends E["parties"][number] ? undefined : never);
  params: OutputOf<E["params"]>;
  query: OutputOf<E["query"]>;
  /** The parsed body (a POST without a body schema gets `{}`). */
  body: OutputOf<E["body"]>;
  /**
   * The request's instant: the database's clock, read in the request's transaction as the
   * handler starts (X-Duly-Now instead when the server time-travels).
   */
  now: Date;
  apiKey: AuthenticatedKey;
}

/** What a part's schema parses to; `{}` for a part the endpoint does not declare. */
type OutputOf<Schema> = [NonNullable<Schema>] extends [z.ZodType] ? ([Schema] extends [undefined] ? Record<string, never> : z.output<NonNullable<Schema>>) : Record<string, never>;

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type ApiHandler<E extends Endpoint> = (context: ApiContext<E>) => Promise<z.input<E["response"]>>;

const noStore = { "Cache-Control": "no-store" } as const;

/** Test seams: the transaction's timeout and how long a duplicate Idempotency-Key waits. */
export const apiRouteLimits = { transactionTimeoutMs: 30_000, transactionMaxWaitMs: 10_000, idempotencyWaitMs: DEFAULT_IDEMPOTENCY_WAIT_MS };

/** The process's API admission gate, sized from the settings (the app pool's size). */
export function apiGate(): AdmissionGate {
  return apiAdmission(() => {
    const { DULY_POOL_SIZE, DULY_API_QUEUE_LIMIT, DULY_API_QUEUE_WAIT_MS } = settings();
    return { concurrent: DULY_POOL_SIZE, maxWaiting: DULY_API_QUEUE_LIMIT, maxWaitMs: DULY_API_QUEUE_WAIT_MS };
  });
}

/** The field an input error is about: its path less the part (`body.metadata.x` -> `metadata.x`). */
function paramOf(issues: InputIssue[] | undefined): string | undefined {
  const path = issues?.[0]?.path;
  return path && path.length > 1 ? path.slice(1).join(".") : undefined;
}

/**
 * An error envelope response: `{ error: { type, code, message, param?, doc_url, request_id,
 * issues?, retryAt? } }` (Stripe's shape, lib/api/error-catalogue.ts). For routes outside
 * apiRoute too (the catch-all 404, the payment webhook); inside apiRequest it carries the
 * request's id, else a fresh one.
 */
export function apiErrorResponse(error: unknown, request?: Request, allow?: string): Response {
  const { status, code, message, issues, retryAt, retryAfterSeconds, param } = httpErrorOf(error);
  const requestId = currentRequestId() ?? newRequestId();
  // Busy is not broken: a 503 is the server protecting itself, not a fault to investigate.
  if (status >= 500 && status !== 503) {
    console.error(`[api] ${request ? `${request.method} ${new URL(request.url).pathname}` : "request"} failed:`, error);
  }
  // A refusal that ends at a known instant (429 QUOTA_EXHAUSTED) says when, in the envelope and
  // as Retry-After (an HTTP-date: no clock is read to turn it into seconds); a 503 or a rate
  // limit says after how many seconds to come back.
  const retry = retryAt ? { retryAt: retryAt.toISOString() } : {};
  const retryAfter = retryAt ? retryAt.toUTCString() : retryAfterSeconds !== undefined ? String(retryAfterSeconds) : undefined;
  const headers = new Headers(noStore);
  headers.set("Request-Id", requestId);
  if (retryAfter) headers.set("Retry-After", retryAfter);
  if (allow) headers.set("Allow", allow);
  const field = param ?? paramOf(issues);
  const origin = request ? requestOrigin(request) : undefined;
  const body = {
    error: {
      type: errorTypeOf(status, code), code, message, ...(field ? { param: field } : {}),
      doc_url: docUrlOf(code, origin), request_id: requestId, ...(issues ? { issues } : {}), ...retry,
    },
  };
  return Response.json(body, { status, headers });
}

/**
 * Runs one API request: its id (the caller's valid `Request-Id`, else a fresh one) is current for
 * everything it does (logs, audit rows), and its answer, success or refusal, carries it and the
 * headers set meanwhile (RateLimit-*, ETag).
 */
export async function apiRequest(request: Request, work: () => Promise<Response>): Promise<Response> {
  installRequestIdLogPrefix();
  const { id, refusal } = requestIdOf(request.headers.get("request-id"));
  return withRequestId(id, async () => {
    let response: Response;
    try {
      if (refusal) throw refusal;
      response = await work();
    } catch (error) {
      response = apiErrorResponse(error, request);
    }
    for (const [name, value] of pendingResponseHeaders()) if (!response.headers.has(name)) response.headers.set(name, value);
    response.headers.set("Request-Id", id);
    return response;
  });
}

const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof ALL_METHODS)[number];
type MethodHandler = ((request: Request) => Promise<Response>) & { methodNotAllowed?: true };

/**
 * The other methods of a route file, each answering 405 METHOD_NOT_ALLOWED in the envelope with
 * `Allow` (Next's own 405 has an empty body). A route file exports the ones it lacks:
 * `export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");`
 */
export function otherMethods(...allowed: Method[]): Record<Method, MethodHandler> {
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const handler: MethodHandler = (request) =>
    apiRequest(request, async () =>
      apiErrorResponse(
        new ApiError(ApiErrorCode.MethodNotAllowed, `${request.method} is not allowed on ${new URL(request.url).pathname.slice(0, 200)}; it answers ${allowed.join(", ")}`),
        request,
        allow,
      ),
    );
  handler.methodNotAllowed = true;
  return Object.fromEntries(ALL_METHODS.map((method) => [method, handler])) as Record<Method, MethodHandler>;
}

function inputError(where: "params" | "query" | "body", error: z.ZodError): ApiError {
  const issues: InputIssue[] = error.issues.map((issue) => ({
    path: [where, ...issue.path.map((part) => (typeof part === "symbol" ? String(part) : part))],
    message: issue.code === "unrecognized_keys" ? `unknown key(s): ${issue.keys.join(", ")}` : issue.message,
  }));
  const summary = issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
  return new ApiError(ApiErrorCode.InvalidInput, summary, issues);
}

function parsePart<S extends z.ZodType | undefined>(schema: S, value: unknown, where: "params" | "query" | "body"): unknown {
  if (!schema) return {};
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw inputError(where, parsed.error);
  return parsed.data;
}

/**
 * X-Duly-Now moves the request's clock only on a time-travelling server (demo, e2e); otherwise
 * undefined: the database's clock, read when the handler starts. Read as the cron route reads
 * `?now=` (isoInstant): an instant with its zone, 1970 to 2999. `new Date(header)` took a time
 * without a zone in this server's own zone, rolled 30 February over into March, and let year 0
 * through to PostgreSQL (a 500).
 */
function travelledNow(request: Request): Date | undefined {
  const header = request.headers.get("x-duly-now");
  if (header === null || !timeTravelEnabled()) return undefined;
  const at = isoInstant.safeParse(header);
  if (!at.success) {
    throw new ApiError(ApiErrorCode.InvalidInput, "X-Duly-Now must be an ISO instant with a zone between 1970 and 2999, such as 2026-12-01T09:00:00Z");
  }
  return at.data;
}

function queryRecord(url: URL): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    record[key] = values.length === 1 ? values[0] : values;
  }
  return record;
}

function jsonResponse(stored: StoredResponse, replayed: boolean, location?: string): Response {
  return new Response(stored.body, {
    status: stored.status,
    headers: {
      "Content-Type": "application/json", ...noStore, ...(replayed ? { "Idempotent-Replayed": "true" } : {}),
      ...(location ? { Location: location } : {}),
    },
  });
}

/** The ETag of the booking an answer shows (read in the answer's transaction: the version it shows). */
async function answerBookingEtag(db: Db | Tx, endpoint: Endpoint, params: unknown, data: unknown): Promise<void> {
  if (!endpoint.booking) return;
  const id = endpoint.booking.from === "params" ? (params as { bookingId: number }).bookingId : (data as { id: number }).id;
  const etag = await bookingEtag(db, id);
  if (etag) setResponseHeader("ETag", etag);
}

/**
 * Counts the request against its key's rate limit (lib/api/rate-limit.ts) and answers the
 * RateLimit-* headers, or refuses it (429) before anything else is read. A time-travelling
 * server counts in the window of X-Duly-Now, so tests do not depend on when the minute turns.
 */
async function admitByRate(db: Db, apiKey: AuthenticatedKey, request: Request): Promise<void> {
  const travelled = travelledNow(request);
  const count = await countRequest(db, apiKey.id, apiKey.rateLimitPerMinute ?? settings().DULY_API_RATE_LIMIT, travelled ?? "database");
  for (const [name, value] of Object.entries(rateLimitHeaders(count))) setResponseHeader(name, value);
  if (!count.allowed) throw new RateLimitedError(count);
}

/** A 201's `Location`: where the created record is read (the endpoint says, from its body). */
function locationOf(endpoint: Endpoint, stored: StoredResponse): string | undefined {
  if (stored.status !== 201 || !endpoint.location) return undefined;
  return `/api/v1${endpoint.location(JSON.parse(stored.body))}`;
}

export function apiRoute<E extends Endpoint>(endpoint: E, handler: ApiHandler<E>) {
  const operation = `${endpoint.method.toUpperCase()} /api/v1${endpoint.path}`;
  return (request: Request, routeContext: RouteContext): Promise<Response> =>
    apiRequest(request, () => apiGate().run(() => answerRequest(request, routeContext)));

  async function answerRequest(request: Request, routeContext: RouteContext): Promise<Response> {
    const db = getDb();
    const apiKey = await authenticateApiKey(db, request.headers.get("authorization"));
    await admitByRate(db, apiKey, request);
    if (apiKey.readOnly && endpoint.method !== "get") {
      throw new ApiError(ApiErrorCode.ApiKeyReadOnly, `API key ${apiKey.prefix} is read-only: ${operation} changes something; use a key that may write`);
    }
    const party = requireParty(actingPartyOf(apiKey, request.headers.get("x-acting-as")), endpoint.parties, operation);
    const url = new URL(request.url);
    const params = parsePart(endpoint.params, await routeContext.params, "params");
    const query = parsePart(endpoint.query, queryRecord(url), "query");
    const travelled = travelledNow(request);

    const ifMatch = endpoint.booking?.ifMatch ? parseIfMatch(request.headers.get("if-match")) : undefined;
    const answer = async (runDb: Db | Tx, body: unknown): Promise<StoredResponse> => {
      const now = travelled ?? (await databaseNow(runDb));
      if (ifMatch !== undefined) await requireBookingIfMatch(runDb as Tx, (params as { bookingId: number }).bookingId, party, ifMatch);
      // A GET reads its ETag first: a change between the two reads then leaves the ETag older
      // than the body, and an If-Match with it fails (the safe side), never the reverse.
      if (endpoint.method === "get") await answerBookingEtag(runDb, endpoint, params, undefined);
      const context = { db: runDb, party, params, query, body, now, apiKey } as ApiContext<E>;
      const result = await handler(context);
      const checked = endpoint.response.safeParse(result);
      if (!checked.success) {
        throw new Error(`${operation}: the response does not fit its documented schema: ${checked.error.message}`);
      }
      // A POST's own write is the version it answers (the row is locked by its transaction).
      if (endpoint.method === "post") await answerBookingEtag(runDb, endpoint, params, checked.data);
      return { status: endpoint.successStatus, body: JSON.stringify(checked.data) };
    };

    if (endpoint.method === "get") return jsonResponse(await answer(db, {}), false);
    // A DELETE takes no body and no Idempotency-Key (deleting again answers 404, changing
    // nothing), and runs in one transaction as a POST does.
    if (endpoint.method === "delete") {
      const deleted = await db.$transaction((tx) => answer(tx, {}), { timeout: apiRouteLimits.transactionTimeoutMs, maxWait: apiRouteLimits.transactionMaxWaitMs });
      return jsonResponse(deleted, false);
    }

    // No body at all reads as `{}`: a POST that takes nothing (accept) needs none, and one that
    // does is told which fields are missing (INVALID_INPUT), not just "empty".
    const rawBody = await readJsonBody(request, { emptyIs: {} });
    const body = parsePart(endpoint.body ?? NoBody, rawBody, "body");
    const idempotencyKey = parseIdempotencyKey(request.headers.get("idempotency-key"));
    const outcome = await db.$transaction(
      async (tx) => {
        if (idempotencyKey === undefined) return { response: await answer(tx, body), replayed: false };
        const claim = await claimIdempotencyKey(
          tx,
          { apiKeyId: apiKey.id, key: idempotencyKey, method: request.method, path: url.pathname, actingAs: party ? partyLabel(party) : "", body: rawBody },
          apiRouteLimits.idempotencyWaitMs,
        );
        if (claim.kind === "replay") return { response: claim.response, replayed: true };
        const response = await answer(tx, body);
        await recordIdempotentResponse(tx, claim.recordId, response);
        return { response, replayed: false };
      },
      { timeout: apiRouteLimits.transactionTimeoutMs, maxWait: apiRouteLimits.transactionMaxWaitMs },
    );
    return jsonResponse(outcome.response, outcome.replayed, locationOf(endpoint, outcome.response));
  }
}
