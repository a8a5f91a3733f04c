// Every test a document names exists (issue 13, item 4): docs/invariants.md maps each promise to
// the tests that hold it, and the README, the docs and the configs name test files by path. A
// file renamed or moved without them would leave a promise pointing at nothing, or a vitest
// project (`timingSensitive`) or Playwright project (`ownServerSpecs`) silently empty.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Folders never read: installed packages, generated code (lib/db/generated), raw bench output. */
const skipped = new Set(["node_modules", "generated", "results"]);

/** Files under `dir` (relative to the root) whose names end with one of `endings`. */
function filesUnder(dir: string, endings: string[]): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!skipped.has(entry.name)) walk(child);
      } else if (endings.some((ending) => entry.name.endsWith(ending))) found.push(child);
    }
  };
  walk(dir);
  return found;
}

/** A path names something that exists: a file or folder, or a file once its test suffix is added. */
function exists(relative: string): boolean {
  return ["", ".test.ts", ".spec.ts", ".ts"].some((suffix) => existsSync(path.join(root, relative + suffix)));
}

/** `tests/unit/…`, `tests/integration/…`, `tests/e2e/…` as written in a text (placeholders such as `<area>` aside). */
function testPathsIn(text: string): string[] {
  const paths = text.match(/tests\/(?:unit|integration|e2e)(?:\/[A-Za-z0-9_.\-[\]]+)*/g) ?? [];
  return paths.map((found) => found.replace(/[.]+$/, "")).filter((found) => !/\/(?:area|name)(?:\/|\.|$)/.test(found));
}

/** Resolves an invariants name: `area/name` (integration or unit) or `e2e/name`. */
function resolvesAsTestName(name: string): boolean {
  if (name.startsWith("e2e/")) return existsSync(path.join(root, "tests/e2e", `${name.slice(4)}.spec.ts`));
  return ["integration", "unit"].some((kind) => existsSync(path.join(root, "tests", kind, `${name}.test.ts`)));
}

describe("test paths named in documents and configs", () => {
  const documents = ["README.md", ...filesUnder("docs", [".md"])];
  const code = ["vitest.config.ts", "playwright.config.ts", ...filesUnder("scripts", [".ts"]), ...filesUnder("lib", [".ts", ".tsx"]), ...filesUnder("bench", [".ts"])];

  it("every tests/… path in the README, docs/, the configs, scripts/, lib/ and bench/ exists", () => {
    const missing = [...documents, ...code].flatMap((file) => testPathsIn(read(file)).filter((found) => !exists(found)).map((found) => `${file}: ${found}`));
    expect(missing).toEqual([]);
  });

  it("every test docs/invariants.md names after `Tests:` exists, by its area path", () => {
    const paragraphs = read("docs/invariants.md").split(/\n\s*\n/).filter((paragraph) => paragraph.includes("Tests:"));
    expect(paragraphs.length).toBeGreaterThan(20);
    const bad: string[] = [];
    let named = 0;
    for (const paragraph of paragraphs) {
      const tests = paragraph.slice(paragraph.indexOf("Tests:"));
      for (const [, token] of tests.matchAll(/`([^`]+)`/g)) {
        if (/^[a-z0-9-]+(?:\/[a-z0-9-]+)+$/.test(token!)) {
          named += 1;
          if (!resolvesAsTestName(token!)) bad.push(`${token}: no such test`);
        } else if (/^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(token!)) {
          // A bare file name: which area? The reader cannot tell, and neither can this test.
          bad.push(`${token}: name it by its area, e.g. engine/${token}`);
        }
      }
    }
    expect(bad).toEqual([]);
    expect(named).toBeGreaterThan(80);
  });

  it("every spec the Playwright config runs on its own server exists", () => {
    const list = /const ownServerSpecs = \[([^\]]*)\]/.exec(read("playwright.config.ts"));
    expect(list).not.toBeNull();
    const specs = [...list![1]!.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
    expect(specs.length).toBeGreaterThan(0);
    expect(specs.filter((spec) => !existsSync(path.join(root, "tests/e2e", spec)))).toEqual([]);
  });

  it("test files sit in an area folder, never loose in tests/unit or tests/integration", () => {
    const areas = ["engine", "marketplace", "quotas", "api", "integrations", "dashboard", "platform"];
    for (const kind of ["unit", "integration"]) {
      const entries = readdirSync(path.join(root, "tests", kind));
      expect(entries.filter((entry) => !statSync(path.join(root, "tests", kind, entry)).isDirectory() || !areas.includes(entry))).toEqual([]);
    }
  });
});
