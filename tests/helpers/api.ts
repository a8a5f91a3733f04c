// Calling /api/v1 route handlers as Next calls them: a real Request, the route's params as a
// promise, against the real database the test points DATABASE_URL at. Also a key factory.
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../lib/db/client.ts";
import { createApiKey, type NewApiKey } from "../../lib/api/keys/api-keys.ts";
import type { TestDatabase } from "./database.ts";

export type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface ApiCall {
  method?: "GET" | "POST" | "DELETE" | "PUT" | "PATCH";
  path: string;
  params?: Record<string, string>;
  /** The bearer token; omitted: no Authorization header. */
  key?: string;
  actingAs?: string;
  idempotencyKey?: string;
  /** An object is sent as JSON; a string or bytes are sent as they are (bad JSON, odd bytes). */
  body?: unknown;
  contentType?: string | null;
  headers?: Record<string, string>;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests look into answers freely
  json: any;
}

export async function callRoute(handler: RouteHandler, call: ApiCall): Promise<ApiAnswer> {
  const headers = new Headers(call.headers);
  if (call.key !== undefined) headers.set("authorization", `Bearer ${call.key}`);
  if (call.actingAs !== undefined) headers.set("x-acting-as", call.actingAs);
  if (call.idempotencyKey !== undefined) headers.set("idempotency-key", call.idempotencyKey);
  const method = call.method ?? (call.body === undefined ? "GET" : "POST");
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (call.body !== undefined) {
    body = typeof call.body === "string" || call.body instanceof Uint8Array ? (call.body as string | Uint8Array<ArrayBuffer>) : JSON.stringify(call.body);
    if (call.contentType !== null) headers.set("content-type", call.contentType ?? "application/json");
  }
  const request = new Request(`http://duly.test/api/v1${call.path}`, { method, headers, body });
  const response = await handler(request, { params: Promise.resolve(call.params ?? {}) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/**
 * Points the app's own client (getDb, settings) at this file's database before any route runs,
 * and closes that client before the database is dropped. Call after useTestDatabase().
 */
export function useAppDatabase(database: TestDatabase): void {
  beforeAll(() => {
    process.env.DATABASE_URL = database.url;
    process.env.DULY_LISTEN = "0";
    // The admission queue's wait (10 s by default) is a production safety valve. Here, 50
    // concurrent requests on a pool of 10 on a loaded machine waited longer than that and came
    // back 503, deciding a test about quotas by the machine's load: the longest wait allowed.
    process.env.DULY_API_QUEUE_WAIT_MS ??= "60000";
  });
  afterAll(async () => {
    const { getDb, getEngineDb } = await import("../../lib/db/client.ts");
    await getDb().$disconnect();
    await getEngineDb().$disconnect(); // the cron route's pool (never connected unless a test ticked)
  });
}

export async function newKey(db: Db, input: Partial<NewApiKey> = {}): Promise<string> {
  const { token } = await createApiKey(db, { name: "test key", scope: "app", ...input } as NewApiKey);
  return token;
}
