// The lists that decide where an integration file runs (tests/setup/file-groups.ts) name files
// that exist, and a file the PgBouncer pass leaves out really opens no database connection: a
// wrong entry would silently take a file out of a pass.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import { inPooledPass, pooledAlso, pooledAreas, slowestFirst, timingSensitive, withoutDatabase } from "../../setup/file-groups.ts";
import { SlowFilesFirst } from "../../setup/slow-files-first.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));

describe("the integration file groups", () => {
  it("name existing integration files, none twice", () => {
    const all = [...timingSensitive, ...withoutDatabase, ...pooledAlso];
    expect(all.filter((file) => !file.startsWith("tests/integration/") || !existsSync(path.join(root, file)))).toEqual([]);
    expect(new Set(all).size).toBe(all.length);
  });

  it("name pooled areas that exist, and other areas' files by name only", () => {
    expect(pooledAreas.filter((area) => !existsSync(path.join(root, area)))).toEqual([]);
    expect(pooledAlso.filter((file) => pooledAreas.some((area) => file.startsWith(area)))).toEqual([]);
    expect(inPooledPass("tests/integration/engine/claim-fair-share.test.ts")).toBe(true);
    expect(inPooledPass("tests/integration/quotas/quota-calendar.test.ts")).toBe(false);
    // The processes project's files run alone, never inside a pass.
    expect(timingSensitive.filter(inPooledPass)).toEqual([]);
  });

  it("put no file that reaches no database in the PgBouncer pass", () => {
    expect(withoutDatabase.filter(inPooledPass)).toEqual([]);
  });

  it("name only files that truly reach no database as such", () => {
    // What a file needs to reach PostgreSQL: the harness's database, its server, or a URL.
    const reachesDatabase = /helpers\/database|testDatabaseServer|inject\(|DATABASE_URL|createDb|postgres(ql)?:\/\//;
    const reaching = withoutDatabase.filter((file) => reachesDatabase.test(readFileSync(path.join(root, file), "utf8")));
    expect(reaching).toEqual([]);
  });

  it("slowestFirst names integration files of the integration project, none twice", () => {
    expect(slowestFirst.filter((file) => !existsSync(path.join(root, file)) || timingSensitive.includes(file))).toEqual([]);
    expect(new Set(slowestFirst).size).toBe(slowestFirst.length);
  });
});

describe("the sequencer", () => {
  // A fresh clone: no durations cache, so vitest orders by size, largest first.
  const spec = (project: string, groupOrder: number, file: string, size: number) =>
    ({ project: { name: project, config: { sequence: { groupOrder }, isolate: true } }, moduleId: path.join(root, file), size }) as unknown as TestSpecification & { size: number };
  const sizes = new Map<string, number>();
  const ctx = {
    config: { root },
    cache: {
      getFileTestResults: () => undefined,
      getFileStats: (key: string) => ({ size: sizes.get(key.slice(key.indexOf(":") + 1)) ?? 0 }),
    },
  } as unknown as Vitest;

  it("starts the slowest files first within their project, and leaves projects and the rest in vitest's order", async () => {
    const files = [
      spec("unit", 0, "tests/unit/platform/ticker.test.ts", 50),
      spec("integration", 1, "tests/integration/api/api-conventions.test.ts", 400),
      spec("integration", 1, slowestFirst[1]!, 100),
      spec("integration", 1, "tests/integration/engine/wake-up.test.ts", 300),
      spec("integration", 1, slowestFirst[0]!, 10),
    ];
    for (const file of files) sizes.set(path.relative(root, file.moduleId), file.size);
    const sorted = await new SlowFilesFirst(ctx).sort(files);
    expect(sorted.map((file) => path.relative(root, file.moduleId))).toEqual([
      "tests/unit/platform/ticker.test.ts",
      slowestFirst[0],
      slowestFirst[1],
      "tests/integration/api/api-conventions.test.ts",
      "tests/integration/engine/wake-up.test.ts",
    ]);
  });
});
