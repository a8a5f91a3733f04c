// Integration files share their worker's modules unless they are listed as needing their own
// (tests/setup/file-groups.ts, docs/decisions/0046). A file that changes what modules keep for the
// process (environment the app reads once, the app's clients, the engine's claimers to adopt)
// must be listed: beside other files in one process, its routes answered from another file's
// database (20 files failed when every file shared). This reads every integration file.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { needsOwnModules, ownModules, timingSensitive } from "../../setup/file-groups.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));

function integrationFiles(): string[] {
  const dir = path.join(root, "tests/integration");
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => `tests/integration/${file.split(path.sep).join("/")}`)
    .sort();
}

describe("integration files that need modules of their own", () => {
  it("are all listed: none that sets the environment, reaches the app's clients or routes, or the engine's claimers shares a worker's modules", () => {
    const needing = integrationFiles().filter((file) => !timingSensitive.includes(file) && needsOwnModules.test(readFileSync(path.join(root, file), "utf8")));
    expect(needing.filter((file) => !ownModules.includes(file))).toEqual([]);
  });

  it("the list names existing files, none twice, none of the processes project's", () => {
    expect(ownModules.filter((file) => !existsSync(path.join(root, file)) || timingSensitive.includes(file))).toEqual([]);
    expect(new Set(ownModules).size).toBe(ownModules.length);
  });

  it("the rule catches what made files fail together", () => {
    for (const line of [
      'process.env.DATABASE_URL = database.url;',
      'process.env.DULY_API_QUEUE_WAIT_MS ??= "60000";',
      'delete process.env.DULY_TIME_TRAVEL;',
      'process.env["CRON_SECRET"] = "x";',
      'const { POST } = await import("../../../app/api/v1/bookings/[bookingId]/route.ts");',
      'import { useApi } from "../../helpers/api.ts";',
      "const db = getDb();",
      "leaveUnansweredClaim(name);",
    ]) expect(needsOwnModules.test(line), line).toBe(true);
    for (const line of ['expect(process.env.DULY_X === "1").toBe(true);', "const db = database.db;"]) expect(needsOwnModules.test(line), line).toBe(false);
  });
});
