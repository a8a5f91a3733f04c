// npm run api:lint: Redocly's lint (recommended-strict, redocly.yaml) of the /api/v1 OpenAPI
// document, written to a temporary file first (the app builds it from the endpoints' zod
// schemas; there is no hand-kept copy). Exits with Redocly's status: 0 when clean.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { v1OpenApiDocument } from "../lib/api/v1/document.ts";

const dir = mkdtempSync(path.join(tmpdir(), "duly-openapi-"));
const file = path.join(dir, "openapi.json");
try {
  // Exactly the document the app serves (its server is relative, the same on every host).
  writeFileSync(file, `${JSON.stringify(v1OpenApiDocument(), null, 2)}\n`);
  const redocly = path.resolve("node_modules/.bin/redocly");
  const result = spawnSync(redocly, ["lint", file, "--config", "redocly.yaml", "--format", "stylish"], {
    stdio: "inherit",
    // No telemetry or update check: CI has no network, and a lint must not wait for one.
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
