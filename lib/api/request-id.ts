// Request ids (issue 14, item 5): every /api/v1 answer carries `Request-Id`, the caller's own if it
// sent a valid one (so its logs and ours name the same request), else one we make (`req_` and 24
// hex characters). The id lives in an AsyncLocalStorage for the request's whole async life:
// `currentRequestId()` reads it anywhere below the route (the audit log stores it on its rows, and
// the events outbox may store it on its rows), and every console line written while it is set is
// prefixed with it (installRequestIdLogPrefix), so a request's log lines can be found by the id
// the integrator quotes.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { ApiError, ApiErrorCode } from "./errors.ts";

interface RequestScope {
  requestId: string;
  /** Headers every answer to this request carries, success or refusal (RateLimit-*, ETag). */
  headers: Headers;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** 1 to 128 characters of letters, digits and `. _ : -`, starting with a letter or digit: safe in a header, a log line and a URL. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function newRequestId(): string {
  return `req_${randomBytes(12).toString("hex")}`;
}

/** The request id of the request being answered, or undefined outside one (a tick, a script). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * The id for this request: the caller's `Request-Id` when it fits REQUEST_ID_PATTERN; a fresh one
 * when absent. A header that does not fit is refused (400 INVALID_REQUEST_ID) rather than
 * silently replaced: the caller would otherwise look for its id in vain. The refusal itself
 * carries a fresh id (`id`), which the caller gets in the answer.
 */
export function requestIdOf(header: string | null): { id: string; refusal?: ApiError } {
  if (header === null) return { id: newRequestId() };
  if (REQUEST_ID_PATTERN.test(header)) return { id: header };
  return {
    id: newRequestId(),
    refusal: new ApiError(
      ApiErrorCode.InvalidRequestId,
      "Request-Id must be 1 to 128 characters of letters, digits and . _ : - (starting with a letter or digit), such as a UUID; leave it out and the server makes one",
      undefined,
      "Request-Id",
    ),
  };
}

/** Runs `work` with `requestId` as the current request id. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId, headers: new Headers() }, work);
}

/** Adds a header to whatever this request answers (no-op outside a request). */
export function setResponseHeader(name: string, value: string): void {
  storage.getStore()?.headers.set(name, value);
}

/** The headers set for this request's answer so far. */
export function pendingResponseHeaders(): Headers {
  return storage.getStore()?.headers ?? new Headers();
}

let prefixed = false;
const LOG_METHODS = ["log", "info", "warn", "error", "debug"] as const;

/**
 * Prefixes every console line written while a request id is current with `[request_id=…]`, once
 * per process. Patching console rather than passing a logger down: the lines a request writes come
 * from lib/ code that knows nothing of HTTP (a use case's warning, a database error's stack), and
 * each must be findable by the id.
 */
export function installRequestIdLogPrefix(): void {
  if (prefixed) return;
  prefixed = true;
  for (const method of LOG_METHODS) {
    const original = console[method].bind(console);
    console[method] = Object.assign((...args: unknown[]) => original(...withRequestIdPrefix(args)), { requestIdPrefixed: true });
  }
}

/** A console call's arguments with the current request id in front (unchanged outside a request). */
export function withRequestIdPrefix(args: unknown[]): unknown[] {
  const requestId = currentRequestId();
  if (requestId === undefined) return args;
  if (typeof args[0] === "string") return [`[request_id=${requestId}] ${args[0]}`, ...args.slice(1)];
  return [`[request_id=${requestId}]`, ...args];
}
