// Issue 6, test 6: the OpenAPI document of /api/v1 validates against the OpenAPI 3.1 schema
// (@seriousme/openapi-schema-validator) and lists every route: each route file under app/api/v1
// and the methods it exports are exactly the document's paths and operations, both ways.
import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { statusOfErrorCode } from "../../../app/_lib/http-errors.ts";
import { ApiErrorCode, apiErrorStatus } from "../../../lib/api/errors.ts";
import { v1Endpoints } from "../../../lib/api/v1/endpoints.ts";
import { ErrorCode } from "../../../lib/errors.ts";
import { currencyCodes } from "../../../lib/money/currencies.ts";
import { GET as getDocument } from "../../../app/api/v1/openapi.json/route.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const v1Dir = path.join(root, "app/api/v1");
/** Route files that are not API operations: the document itself, its reference page, the JSON 404. */
const NOT_OPERATIONS = new Set(["/openapi.json", "/docs", "/docs/{asset}", "/{...path}"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

async function routeFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith("_")) found.push(...(await routeFiles(full)));
    else if (entry.isFile() && entry.name === "route.ts") found.push(full);
  }
  return found;
}

/** app/api/v1/bookings/[bookingId]/pay/route.ts -> /bookings/{bookingId}/pay */
function openApiPathOf(file: string): string {
  const relative = path.relative(v1Dir, path.dirname(file)).split(path.sep).filter(Boolean);
  return `/${relative.map((segment) => segment.replace(/^\[(.+)\]$/, "{$1}")).join("/")}`;
}

async function document() {
  const response = getDocument();
  expect(response.status).toBe(200);
  return (await response.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string; responses: Record<string, { description?: string; headers?: Record<string, unknown> } | undefined> }>> };
}

describe("GET /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const doc = await document();
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(structuredClone(doc) as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("the validator is not a rubber stamp: a broken document fails", async () => {
    const doc = await document();
    const broken = structuredClone(doc) as Record<string, unknown>;
    (broken.paths as Record<string, unknown>)["/me"] = { get: { responses: "none" } };
    expect((await new Validator().validate(broken as Parameters<Validator["validate"]>[0])).valid).toBe(false);
  });

  it("lists every route file under app/api/v1 with exactly the methods it exports, and nothing else", async () => {
    const doc = await document();
    const onDisk: string[] = [];
    for (const file of await routeFiles(v1Dir)) {
      const routePath = openApiPathOf(file);
      if (NOT_OPERATIONS.has(routePath)) continue;
      const module = (await import(file)) as Record<string, unknown>;
      for (const method of METHODS) {
        const handler = module[method] as ({ methodNotAllowed?: true } & (() => unknown)) | undefined;
        // The 405 answers (otherMethods) are not operations.
        if (typeof handler === "function" && !handler.methodNotAllowed) onDisk.push(`${method.toLowerCase()} ${routePath}`);
      }
    }
    const documented = Object.entries(doc.paths).flatMap(([routePath, operations]) => Object.keys(operations).map((method) => `${method} ${routePath}`));
    expect(documented.sort()).toEqual(onDisk.sort());
    // The list, so a route cannot silently go missing from both.
    for (const operation of [
      "post /bookings", "get /bookings/{bookingId}", "post /bookings/{bookingId}/accept", "post /bookings/{bookingId}/decline",
      "post /bookings/{bookingId}/checkout", "post /bookings/{bookingId}/pay", "post /bookings/{bookingId}/move", "post /bookings/{bookingId}/cancel",
      "post /bookings/{bookingId}/disputes", "post /disputes/{disputeId}/reply", "post /auctions", "post /auctions/{auctionId}/bids",
      "get /auctions/{auctionId}",
    ]) {
      expect(documented).toContain(operation);
    }
  });

  it("every operation route answers the methods it lacks with the JSON 405 and Allow, not Next's empty one", async () => {
    const lacking: string[] = [];
    for (const file of await routeFiles(v1Dir)) {
      const routePath = openApiPathOf(file);
      if (NOT_OPERATIONS.has(routePath)) continue;
      const module = (await import(file)) as Record<string, unknown>;
      for (const method of METHODS) if (typeof module[method] !== "function") lacking.push(`${method} ${routePath}`);
    }
    expect(lacking).toEqual([]);
  });

  it("operation ids are unique and every operation documents its success and the error envelope", async () => {
    const doc = await document();
    const operations = Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod));
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
    for (const operation of operations) {
      expect(Object.keys(operation.responses).some((status) => status.startsWith("2")), operation.operationId).toBe(true);
      expect(operation.responses["401"], operation.operationId).toBeDefined();
    }
  });

  it("publishes the Currency schema: exactly the accepted codes, with ISO 4217's digits (IQD 3) in its description", async () => {
    const doc = (await document()) as unknown as { components: { schemas: Record<string, { enum?: string[]; description?: string }> } };
    const schema = doc.components.schemas.Currency!;
    expect(schema.enum).toEqual([...currencyCodes]);
    expect(schema.enum).not.toContain("HRK");
    expect(schema.description).toContain("ISO 4217's number of digits");
    expect(schema.description).toMatch(/3 digits: BHD IQD JOD KWD LYD OMR TND; 4 digits: CLF UYW; every other code 2/);
  });

  it("every operation documents 503 SERVER_BUSY and DATABASE_UNAVAILABLE with a Retry-After header", async () => {
    const doc = await document();
    for (const operation of Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod))) {
      const unavailable = operation.responses["503"];
      expect(unavailable?.description, operation.operationId).toMatch(/`SERVER_BUSY`.*`DATABASE_UNAVAILABLE`/);
      expect(Object.keys(unavailable?.headers ?? {}), operation.operationId).toContain("Retry-After");
    }
  });

  it("documents each refusal with the status the server answers for its code", () => {
    const statusOf = (code: string): number | undefined =>
      code in apiErrorStatus
        ? apiErrorStatus[code as ApiErrorCode]
        : Object.values(ErrorCode).includes(code as ErrorCode)
          ? statusOfErrorCode(code as ErrorCode)
          : undefined;
    for (const endpoint of v1Endpoints) {
      for (const error of endpoint.errors ?? []) expect(statusOf(error.code), `${endpoint.operationId} ${error.code}`).toBe(error.status);
    }
  });
});

type Json = Record<string, unknown>;
/** Every object in the document, with the path to it. */
function* walk(node: unknown, at: string): Generator<[string, Json]> {
  if (node === null || typeof node !== "object") return;
  if (!Array.isArray(node)) yield [at, node as Json];
  for (const [key, value] of Object.entries(node)) yield* walk(value, `${at}/${key}`);
}
const TIMESTAMP_NAMES = /(At|^payBy|^acceptBy|^replyBy|^answerBy)$/;

describe("a document generators love (issue 14, item 10)", () => {
  const operationsOf = (doc: Json) =>
    Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => [`${m} ${p}`, op] as const));

  it("every operation documents a 4xx and a 5xx (500 and 503), each with the Error schema and Request-Id", async () => {
    const doc = (await document()) as unknown as Json;
    for (const [name, operation] of operationsOf(doc)) {
      const responses = operation.responses as Record<string, Json>;
      expect(Object.keys(responses).some((status) => status.startsWith("4")), name).toBe(true);
      expect(Object.keys(responses), name).toEqual(expect.arrayContaining(["500", "503", "429"]));
      for (const [status, response] of Object.entries(responses)) {
        expect((response.headers as Json)["Request-Id"], `${name} ${status}`).toEqual({ $ref: "#/components/headers/Request-Id" });
        if (Number(status) >= 400) expect(JSON.stringify(response.content), `${name} ${status}`).toBe(JSON.stringify({ "application/json": { schema: { $ref: "#/components/schemas/Error" } } }));
      }
    }
  });

  it("ids are integers in paths as in bodies", async () => {
    const doc = (await document()) as unknown as Json;
    for (const [name, operation] of operationsOf(doc)) {
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        if (parameter.in === "path") expect((parameter.schema as Json).type, `${name} ${String(parameter.name)}`).toBe("integer");
      }
    }
    const requestBooking = (doc.components as { schemas: Record<string, { properties: Record<string, Json> }> }).schemas.RequestBooking!;
    expect(requestBooking.properties.chefId!.type).toBe("integer");
  });

  it("every timestamp is format: date-time", async () => {
    const doc = (await document()) as unknown as Json;
    let seen = 0;
    for (const [at, node] of walk(doc, "#")) {
      const properties = node.properties as Record<string, Json> | undefined;
      if (!properties || at.includes("/parameters/")) continue;
      for (const [name, schema] of Object.entries(properties)) {
        if (!TIMESTAMP_NAMES.test(name)) continue;
        seen++;
        const text = JSON.stringify(schema);
        expect(text, `${at}.${name}`).toContain('"format":"date-time"');
      }
    }
    expect(seen).toBeGreaterThan(20);
  });

  it("responses and bodies reuse components rather than inline schemas; the server URL is relative to the document", async () => {
    const doc = (await document()) as unknown as Json;
    for (const [name, operation] of operationsOf(doc)) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        const schema = (response.content as Record<string, { schema: Json }>)["application/json"]!.schema;
        expect(Object.keys(schema), `${name} ${status}`).toEqual(["$ref"]);
      }
      const body = (operation.requestBody as { content?: Record<string, { schema: Json }> } | undefined)?.content?.["application/json"]?.schema;
      if (body) expect(Object.keys(body), name).toEqual(["$ref"]);
    }
    // Relative (OpenAPI 3.1: resolved against where the document is served): `next start` hands
    // the route its listening host (localhost) whatever host the client used, so an absolute URL
    // sent Swagger UI's "Try it out" and generated clients to localhost behind any proxy, and
    // openapi-typescript refuses a document whose server is localhost.
    expect(doc.servers).toEqual([{ url: "/api/v1", description: "This server" }]);
  });

  it("the document npm start serves generates a client with the openapi-typescript CLI, as docs/api.md says", async () => {
    // As fetched from http://localhost:3000 (the URL npm start prints): the CLI validates it with
    // Redocly's recommended rules first, which refused the server the route used to name there,
    // `http://localhost:3000/api/v1` ("Server `url` should not point to example.com or localhost"),
    // and generated nothing.
    const served = await getDocument().text();
    const dir = await mkdtemp(path.join(tmpdir(), "duly-openapi-cli-"));
    try {
      await writeFile(path.join(dir, "openapi.json"), served);
      const cli = path.join(root, "node_modules/.bin/openapi-typescript");
      const run = spawnSync(cli, [path.join(dir, "openapi.json"), "-o", path.join(dir, "duly.d.ts")], { encoding: "utf8" });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(await readFile(path.join(dir, "duly.d.ts"), "utf8")).toContain('"/bookings/{bookingId}/accept"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("no body is required where none is meant (accept takes none; a request does)", async () => {
    const doc = (await document()) as unknown as { paths: Record<string, Record<string, { requestBody?: { required: boolean } }>> };
    expect(doc.paths["/bookings/{bookingId}/accept"]!.post!.requestBody!.required).toBe(false);
    expect(doc.paths["/move-requests/{moveRequestId}/accept"]!.post!.requestBody!.required).toBe(false);
    expect(doc.paths["/bookings"]!.post!.requestBody!.required).toBe(true);
  });

  it("docs/api.md explains every error code and the quota usage endpoint with its refusals", async () => {
    const { errorCatalogue } = await import("../../../lib/api/error-catalogue.ts");
    const apiMd = await (await import("node:fs/promises")).readFile(path.join(root, "docs/api.md"), "utf8");
    for (const code of errorCatalogue.keys()) expect(apiMd, code).toContain(`\`${code}\``);
    expect(apiMd).toContain("`POST /accounts/{accountId}/usage`");
    for (const code of ["QUOTA_EXHAUSTED", "QUOTA_EXCEEDS_PLAN"]) expect(apiMd).toContain(code);
  });
});

describe("the reference page", () => {
  it("serves Swagger UI from the installed package, pointed at the document", async () => {
    const { GET: page } = await import("../../../app/api/v1/docs/route.ts");
    const html = await page().text();
    expect(html).toContain('src="/api/v1/docs/swagger-ui-bundle.js"');
    expect(html).not.toMatch(/https?:\/\/(?!localhost)/); // no CDN
    const { GET: asset } = await import("../../../app/api/v1/docs/[asset]/route.ts");
    const bundle = await asset(new Request("http://duly.test/api/v1/docs/swagger-ui-bundle.js"), { params: Promise.resolve({ asset: "swagger-ui-bundle.js" }) });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toMatch(/javascript/);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    const init = await (await asset(new Request("http://duly.test/x"), { params: Promise.resolve({ asset: "init.js" }) })).text();
    expect(init).toContain('url: "/api/v1/openapi.json"');
    const other = await asset(new Request("http://duly.test/x"), { params: Promise.resolve({ asset: "../../../package.json" }) });
    expect(other.status).toBe(404);
  });
});
