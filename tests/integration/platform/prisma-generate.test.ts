// `npm run db:generate` (also postinstall) as a real process: a second run with nothing changed
// must leave lib/db/generated untouched, or every `npm test` rebuilds the Next app (the build's
// staleness check compares modification times under lib/).
import { spawnSync } from "node:child_process";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const generatedDir = path.join(root, "lib", "db", "generated");

async function modificationTimes(dir: string): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    times[path.relative(dir, file)] = (await stat(file)).mtimeMs;
  }
  return times;
}

const generate = () => spawnSync("npm", ["run", "--silent", "db:generate"], { cwd: root, encoding: "utf8" });

describe("db:generate", () => {
  it("does not rewrite the generated client when the schema and Prisma versions are unchanged", async () => {
    const first = generate(); // generates only if this checkout has never been stamped
    expect(first.status, first.stderr).toBe(0);
    const before = await modificationTimes(generatedDir);
    expect(Object.keys(before)).toContain("client.ts");

    const second = generate();
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain("Prisma client is up to date");
    expect(await modificationTimes(generatedDir)).toEqual(before);
  });
});
