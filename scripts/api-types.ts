// npm run api:types: regenerates tests/e2e/generated/api-types.ts from the OpenAPI document
// (scripts/lib/api-types.ts says why).
import { writeFile } from "node:fs/promises";
import { API_TYPES_FILE, generateApiTypes } from "./lib/api-types.ts";

await writeFile(API_TYPES_FILE, await generateApiTypes());
console.error(`wrote ${API_TYPES_FILE}`);
