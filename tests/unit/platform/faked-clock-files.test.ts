// The faked-clock passes run only the files a faked process clock can change
// (tests/setup/file-groups.ts `fakedClock`, docs/decisions/0045). The list must not go stale: a
// unit file whose own code, or any project module it imports however indirectly, reads the
// clock or formats dates must be in it, or a defect that shows only on Dec 31, Feb 29 or Jul 1
// would never meet those dates.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fakedClock } from "../../setup/file-groups.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Reading the clock or formatting dates, in code: `Date.now`, `Date()` or `new Date()` without
 * arguments (also `new Date` without parentheses), `performance.now`, `Temporal.Now`,
 * `Intl.DateTimeFormat`, `toLocaleString` and its date and time variants (a number's too: the
 * text alone cannot tell a date from a number, and an extra file only costs seconds).
 */
const readsClock = /\bDate\.now\b|(?<![\w.])Date\s*\(\s*\)|\bnew\s+Date\b(?!\s*\()|\bperformance\.now\b|\bTemporal\.Now\b|\bIntl\.DateTimeFormat\b|\.toLocale(?:Date|Time)?String\b/;

/** A file's code without its comments (a `//` after a colon, as in a URL, is not one). */
function code(file: string): string {
  return readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:\\])\/\/.*$/gm, "$1");
}

/** Static and dynamic imports and re-exports of a file's code. */
const importPattern = /\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

/** A project file an import names: relative or through the `@/` alias; packages are not followed. */
function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** The file and every project file it imports, however indirectly. */
function importClosure(file: string): string[] {
  const seen = new Set<string>();
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const match of code(next).matchAll(importPattern)) {
      const resolved = resolveImport(next, match[1]!);
      if (resolved) pending.push(resolved);
    }
  }
  return [...seen];
}

function unitTestFiles(dir = path.join(root, "tests/unit")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? unitTestFiles(path.join(dir, entry.name)) : entry.name.endsWith(".test.ts") ? [path.join(dir, entry.name)] : [],
  );
}

/** Why a unit file belongs in the faked-clock passes: the files of its closure that read the clock. */
function clockReadersOf(file: string): string[] {
  return importClosure(file).filter((reached) => readsClock.test(code(reached)));
}

describe("the faked-clock passes' files", () => {
  it("include every unit file whose code, or a module it imports, reads the clock or formats dates", () => {
    // This file names the clock reads it looks for in its own examples; it reads no clock.
    const self = fileURLToPath(import.meta.url);
    const missing = unitTestFiles()
      .filter((file) => file !== self)
      .map((file) => ({ file: path.relative(root, file), readers: clockReadersOf(file).map((reader) => path.relative(root, reader)) }))
      .filter(({ file, readers }) => readers.length > 0 && !fakedClock.includes(file))
      .map(({ file, readers }) => `${file} (reads the clock: ${readers.join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("name existing unit and quota integration files, sorted within each kind, none twice", () => {
    expect(fakedClock.filter((file) => !/^tests\/(unit|integration\/quotas)\//.test(file) || !existsSync(path.join(root, file)))).toEqual([]);
    expect(new Set(fakedClock).size).toBe(fakedClock.length);
    const unit = fakedClock.filter((file) => file.startsWith("tests/unit/"));
    expect(unit).toEqual([...unit].sort());
  });

  it("see a clock read wherever it is written, and not in comments or a URL", () => {
    for (const reading of ["Date.now()", "const now = new Date();", "new Date", "Date()", "performance.now()", "clock = Date.now", "new Intl.DateTimeFormat('en')", "d.toLocaleDateString()", "Temporal.Now.instant()"]) {
      expect(readsClock.test(reading), reading).toBe(true);
    }
    for (const pure of ["new Date(0)", "new Date(ms)", "Date.UTC(2026, 0, 1)", "date.getTime()", "type Clock = () => Date;", "const d: Date = at;"]) {
      expect(readsClock.test(pure), pure).toBe(false);
    }
  });

  it("follow imports through relative paths and the @/ alias, into modules that read the clock", () => {
    // A file known to import lib/time/zoned-time.ts (Intl.DateTimeFormat) through `@/`.
    const zoned = path.join(root, "tests/unit/dashboard/zoned-time.test.ts");
    expect(clockReadersOf(zoned).map((file) => path.relative(root, file))).toContain("lib/time/zoned-time.ts");
    // And a pure one: every instant passed in.
    expect(clockReadersOf(path.join(root, "tests/unit/quotas/quota-cycle-dates.test.ts"))).toEqual([]);
  });
});
