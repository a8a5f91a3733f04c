// Reading a request's JSON body without trusting it: a size cap enforced while reading (a
// Content-Length can lie or be absent), UTF-8 only, JSON only, and no string PostgreSQL cannot
// store (NUL) or UTF-8 cannot encode (a lone surrogate), so bad text is a 400 here and never a
// database error later.
import { findNonFiniteNumber, nonFiniteProblem } from "../validation/json-numbers.ts";
import { firstInJson, type JsonPath } from "../validation/json-tree.ts";
import { ApiError, ApiErrorCode } from "./errors.ts";

/** Bodies above this are refused (413): every documented request is a few hundred bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The body's bytes as sent, refused (413) past `maxBytes` (a signed webhook verifies these). */
export async function readBodyBytes(request: Request, maxBytes: number = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const tooLarge = (maxBytes: number) => new ApiError(ApiErrorCode.PayloadTooLarge, `the body is larger than ${maxBytes} bytes`);

/** The problem with a string PostgreSQL or UTF-8 cannot hold, or undefined. */
function badText(text: string): string | undefined {
  if (text.includes("\u0000")) return "contains a NUL character";
  if (!text.isWellFormed()) return "contains a lone UTF-16 surrogate";
  return undefined;
}

/** Deeper bodies are refused: no request nests more than a few levels, and walking is recursive. */
export const MAX_BODY_DEPTH = 32;

/**
 * The first string (keys too) in a parsed JSON value that cannot be stored, or the first place
 * nested deeper than MAX_BODY_DEPTH, with its path.
 */
function findBadText(value: unknown, path: JsonPath): { path: JsonPath; message: string } | undefined {
  return firstInJson(
    value,
    path,
    (item, at) => {
      if (at.length > MAX_BODY_DEPTH) return { path: at, message: `nested deeper than ${MAX_BODY_DEPTH} levels` };
      const problem = typeof item === "string" ? badText(item) : undefined;
      return problem ? { path: at, message: `text ${problem}` } : undefined;
    },
    (key, at) => {
      const problem = badText(key);
      return problem ? { path: at, message: `key ${problem}` } : undefined;
    },
  );
}

/**
 * The request's body parsed as JSON. An empty body is `{}` when `emptyIs` allows (a POST that
 * takes no input, such as accept). Refuses: 415 a non-JSON Content-Type, 413 too large,
 * 400 INVALID_JSON not UTF-8 or not JSON, 400 INVALID_INPUT text that cannot be stored.
 */
export async function readJsonBody(request: Request, options: { maxBytes?: number; emptyIs?: unknown } = {}): Promise<unknown> {
  requireJsonContentType(request);
  return parseJsonBytes(await readBodyBytes(request, options.maxBytes ?? MAX_BODY_BYTES), options);
}

/** 415 unless the Content-Type is JSON (or absent). */
export function requireJsonContentType(request: Request): void {
  const contentType = request.headers.get("content-type");
  if (contentType !== null && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType.trim())) {
    throw new ApiError(ApiErrorCode.UnsupportedMediaType, `send the body as application/json, not ${contentType.slice(0, 100)}`);
  }
}

/** Body bytes parsed as readJsonBody does (UTF-8, JSON, storable text). */
export function parseJsonBytes(bytes: Uint8Array, options: { emptyIs?: unknown } = {}): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ApiError(ApiErrorCode.InvalidJson, "the body is not valid UTF-8");
  }
  if (text.trim() === "") {
    if ("emptyIs" in options) return options.emptyIs;
    throw new ApiError(ApiErrorCode.InvalidJson, "the body is empty; send a JSON object");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError(ApiErrorCode.InvalidJson, `the body is not JSON: ${(error as Error).message.slice(0, 200)}`);
  }
  const bad = findBadText(value, ["body"]);
  if (bad) throw new ApiError(ApiErrorCode.InvalidInput, `${bad.path.join(".")}: ${bad.message}`, [bad]);
  // 1e400 is valid JSON that parses to Infinity (and stringifies as null): refused where it is.
  const nonFinite = findNonFiniteNumber(value, ["body"]);
  if (nonFinite) {
    const issue = { path: nonFinite, message: `the number ${nonFiniteProblem}; send a finite number` };
    throw new ApiError(ApiErrorCode.InvalidInput, `${nonFinite.join(".")}: ${issue.message}`, [issue]);
  }
  return value;
}

/** JSON with object keys sorted at every depth: equal values give equal text (for request hashes). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
