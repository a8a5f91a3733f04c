// Issue 14, item 10: the typed client the e2e tests use (tests/e2e/generated/api-types.ts) is
// exactly what openapi-typescript generates from the current OpenAPI document. A route or schema
// changed without `npm run api:types` fails here, so the document, the server and the client
// the tests call it with cannot drift apart unnoticed.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { API_TYPES_FILE, generateApiTypes } from "../../../scripts/lib/api-types.ts";

describe("the generated API types", () => {
  it("are what the current document generates (run `npm run api:types` after changing an endpoint)", async () => {
    const committed = await readFile(API_TYPES_FILE, "utf8");
    expect(committed === (await generateApiTypes()), "tests/e2e/generated/api-types.ts is stale: run npm run api:types").toBe(true);
  }, 60_000);

  it("type the operations the e2e tests call", async () => {
    const committed = await readFile(API_TYPES_FILE, "utf8");
    for (const operation of ["listBookings", "requestBooking", "acceptBooking", "updateBooking", "listAuctions", "listDisputes"]) expect(committed).toContain(`${operation}: {`);
  });
});
