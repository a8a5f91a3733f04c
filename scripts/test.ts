// `npm test`: every check the project has, in order, carrying on past failures so one run
// reports everything. Ends with exactly one line `N passed, N failed` (summed over all suites)
// and exits non-zero if anything failed.
//
//   prisma generate   a precondition, not a test: counted only if it fails (as 1 failed); only
//                     when the schema or Prisma changed (npm run db:generate)
//   typecheck         tsc --noEmit; one test
//   lint              eslint .; one test
//   api:lint          Redocly's lint of the /api/v1 OpenAPI document (recommended-strict); one test
//   vitest            unit + integration projects; counted from its JSON report
//   faked clock       the unit project and the quota integration files again, three times, with
//                     the process clock faked by Debian's faketime to Dec 31 (into the new
//                     year), Feb 29 and Jul 1: no test may depend on the day it runs (issue 7).
//                     A row each; skipped, with a note, where faketime is not installed
//   jobs:check        only if package.json has that script; one test. It reads a database, so it
//                     gets a freshly migrated one: on DATABASE_URL's server if set, else embedded
//   playwright        only if playwright.config.ts exists; counted from its JSON report
//
// When a pgbouncer binary is installed, the vitest `integration` project and Playwright run a
// second time behind PgBouncer in transaction mode (DULY_TEST_PGBOUNCER=1: the harness starts
// one in front of the run's server, see scripts/lib/pgbouncer.ts), each its own row in the
// summary. That is how the app reaches PostgreSQL on Vercel with Neon or Supabase, and the
// engine must keep working there (docs/deploy.md). Both passes, not only one: the integration
// suite exercises the engine's every path through the pooler, the e2e suite the deployed shape
// (next start, DATABASE_URL pooled, DIRECT_URL for migrations); together they add about a
// minute, the build being reused.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDatabase, migrate } from "../lib/db/migrate.ts";
import { findPgbouncer } from "./lib/pgbouncer.ts";
import { startEmbeddedPostgres, urlForDatabase, withClient } from "../tests/setup/postgres-server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

interface StepResult {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
  note?: string;
  /** Did not run at all (shown as such, counted as nothing). */
  skipped?: boolean;
  /** Each failed test, named, with the first line of its error (the summary repeats them). */
  failures?: string[];
}

const results: StepResult[] = [];

function banner(title: string): void {
  console.log(`\n━━━ ${title} ${"━".repeat(Math.max(0, 72 - title.length))}`);
}

/** Runs a command with inherited output; resolves with its exit code (or 1 if it could not start). */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

async function step(
  name: string,
  work: () => Promise<Omit<StepResult, "name" | "seconds">>,
): Promise<void> {
  banner(name);
  const startedAt = performance.now();
  let outcome: Omit<StepResult, "name" | "seconds">;
  try {
    outcome = await work();
  } catch (error) {
    console.error(error);
    outcome = { passed: 0, failed: 1, note: "the step itself crashed" };
  }
  results.push({ name, ...outcome, seconds: (performance.now() - startedAt) / 1000 });
}

/** A check that counts as a single test: passed when the command exits 0. */
const singleTest = (command: string, args: string[], env?: Record<string, string>) => async () => {
  const code = await run(command, args, env);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `exit code ${code}` };
};

/** A migrated, empty database for a check, and how to get rid of it. */
async function scratchDatabase(): Promise<{ url: string; release(): Promise<void> }> {
  const name = `duly_check_${randomBytes(4).toString("hex")}`;
  const external = process.env.DATABASE_URL;
  if (external) {
    await ensureDatabase(external);
    await withClient(external, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
    const url = urlForDatabase(external, name);
    await migrate(url);
    return {
      url,
      release: () =>
        withClient(external, (client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)).then(() => {}),
    };
  }
  const server = await startEmbeddedPostgres();
  const url = urlForDatabase(server.adminUrl, name);
  await withClient(server.adminUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  await migrate(url);
  return { url, release: () => server.stop() };
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

interface VitestReport {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName?: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line?: number;
    tests: { status: string; results: { status: string; error?: { message?: string } }[] }[];
  }[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: { message?: string }[];
  suites?: PlaywrightSuite[];
}

/** The first meaningful line of an error message, without colour codes, kept short. */
function firstLine(message: string | undefined): string {
  const plain = (message ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  const line = plain.split("\n").map((part) => part.trim()).find((part) => part.length > 0) ?? "";
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function vitestFailures(report: VitestReport): string[] {
  const failures: string[] = [];
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failedTests) failures.push(`${where} › ${test.fullName ?? "?"}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === "failed" && failedTests.length === 0) failures.push(`${where} (outside any test): ${firstLine(file.message)}`);
  }
  return failures;
}

function playwrightFailures(report: PlaywrightReport): string[] {
  const failures: string[] = [];
  const visit = (suite: PlaywrightSuite, file: string | undefined) => {
    const where = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "unexpected") continue;
        const error = test.results.find((result) => result.error)?.error;
        failures.push(`${where ?? "?"}:${spec.line ?? "?"} › ${spec.title}: ${firstLine(error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, where);
  };
  for (const suite of report.suites ?? []) visit(suite, undefined);
  for (const error of report.errors ?? []) failures.push(`(outside any test): ${firstLine(error.message)}`);
  return failures;
}

/**
 * A vitest run counted from its JSON report (written to `file`). `wrapper`: a command that runs
 * vitest, with its own arguments first (faketime and its date).
 */
const vitestRun = (args: string[], env: Record<string, string>, file: string, wrapper: string[] = []) => async () => {
  const vitestArgs = ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`];
  const code = wrapper.length > 0
    ? await run(wrapper[0]!, [...wrapper.slice(1), bin("vitest"), ...vitestArgs], env)
    : await run(bin("vitest"), vitestArgs, env);
  const report = await readJson<VitestReport>(file);
  if (!report) return { passed: 0, failed: 1, note: `no JSON report (exit code ${code})` };
  // A file that fails to load or fails in a hook has no failed test of its own: count it once.
  const brokenFiles = report.testResults.filter(
    (result) => result.status === "failed" && !result.assertionResults.some((test) => test.status === "failed"),
  ).length;
  let failed = report.numFailedTests + brokenFiles;
  let note = brokenFiles > 0 ? `${brokenFiles} file(s) failed outside any test` : undefined;
  if ((code !== 0 || !report.success) && failed === 0) {
    failed = 1;
    note = `run failed (exit code ${code}) with no failed test: an unhandled error?`;
  }
  return { passed: report.numPassedTests, failed, note, failures: vitestFailures(report) };
};

/** A Playwright run counted from its JSON report (written to `file`). */
const playwrightRun = (args: string[], env: Record<string, string>, file: string) => async () => {
  const code = await run(bin("playwright"), ["test", "--reporter=list,json", ...args], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_FILE: file,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  const report = await readJson<PlaywrightReport>(file);
  if (!report) return { passed: 0, failed: 1, note: `no JSON report (exit code ${code})` };
  const { expected, unexpected, flaky } = report.stats;
  let failed = unexpected;
  let note = flaky > 0 ? `${flaky} flaky (passed on retry)` : undefined;
  if (code !== 0 && failed === 0) {
    failed = 1;
    note = `exit code ${code} with no failed test (global setup or web server?)`;
  }
  return { passed: expected + flaky, failed, note, failures: playwrightFailures(report) };
};

async function main(): Promise<number> {
  const reports = await mkdtemp(path.join(tmpdir(), "duly-test-reports-"));
  const packageJson = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };

  await step("prisma generate", async () => {
    // Only when the schema or Prisma changed (scripts/prisma-generate.ts keeps a stamp): a
    // rewritten client would make the app's build look stale and every run rebuild it.
    const code = await run("npm", ["run", "--silent", "db:generate"]);
    return code === 0 ? { passed: 0, failed: 0, note: "precondition" } : { passed: 0, failed: 1, note: `exit code ${code}` };
  });

  await step("typecheck (tsc --noEmit)", singleTest(bin("tsc"), ["--noEmit"]));
  await step("lint (eslint .)", singleTest(bin("eslint"), ["."]));
  if (packageJson.scripts?.["api:lint"]) await step("api:lint (Redocly, OpenAPI document)", singleTest("npm", ["run", "--silent", "api:lint"]));

  // DULY_TEST_PGBOUNCER is set either way, so a value in the caller's environment cannot turn the
  // direct passes into pooled ones.
  const direct = { DULY_TEST_PGBOUNCER: "0" };
  const pooled = { DULY_TEST_PGBOUNCER: "1" };
  const pgbouncer = findPgbouncer();

  await step("vitest (unit + integration)", vitestRun([], direct, path.join(reports, "vitest.json")));
  if (pgbouncer) {
    await step(
      "vitest integration, PgBouncer",
      vitestRun(["--project", "integration", "--project", "processes"], pooled, path.join(reports, "vitest-pgbouncer.json")),
    );
  }

  // No test reads the real date (issue 7, test 5): the unit project and the quota files whose
  // code turns instants into local dates, run with the process clock faked to three days that
  // break date code (the clock keeps running from there: Dec 31 crosses into the new year
  // during the run). The full calendar simulations are not repeated: they choose every `now`.
  const fakedDays = ["2026-12-31 23:58:00", "2028-02-29 12:00:00", "2027-07-01 00:00:30"];
  const fakedFiles = ["tests/unit/", "tests/integration/quota-resets", "tests/integration/quota-consumption", "tests/integration/quota-usage-route"];
  if (spawnSync("faketime", ["-f", "+0", "true"], { stdio: "ignore" }).status === 0) {
    for (const [index, day] of fakedDays.entries()) {
      await step(
        `vitest, clock faked to ${day.slice(0, 10)}`,
        vitestRun(["--project", "unit", "--project", "integration", ...fakedFiles], direct, path.join(reports, `vitest-faked-${index}.json`), ["faketime", day]),
      );
    }
  } else {
    results.push({
      name: "vitest, faked clock",
      passed: 0,
      failed: 0,
      seconds: 0,
      skipped: true,
      note: "skipped: no faketime binary (apt-get install -y faketime)",
    });
  }

  if (packageJson.scripts?.["jobs:check"]) {
    await step("jobs:check", async () => {
      const database = await scratchDatabase();
      try {
        return await singleTest("npm", ["run", "--silent", "jobs:check"], { DATABASE_URL: database.url })();
      } finally {
        await database.release();
      }
    });
  }

  if (existsSync(path.join(root, "playwright.config.ts"))) {
    await step("playwright", playwrightRun([], direct, path.join(reports, "playwright.json")));
    if (pgbouncer) {
      await step(
        "playwright, PgBouncer",
        // Its own output folder, so the direct pass's traces and screenshots survive.
        playwrightRun(["--output", "test-results/pgbouncer"], pooled, path.join(reports, "playwright-pgbouncer.json")),
      );
    }
  }
  if (!pgbouncer) {
    // Not a failure (a laptop may lack it; .ci/run installs it), but never silent either.
    results.push({
      name: "PgBouncer passes",
      passed: 0,
      failed: 0,
      seconds: 0,
      skipped: true,
      note: "skipped: no pgbouncer binary (apt-get install -y pgbouncer)",
    });
  }

  banner("summary");
  for (const result of results) {
    const mark = result.failed > 0 ? "✗" : result.skipped ? "–" : "✓";
    const counts = `${result.passed} passed, ${result.failed} failed`;
    const note = result.note ? `  (${result.note})` : "";
    console.log(`${mark} ${result.name.padEnd(30)} ${counts.padEnd(24)} ${result.seconds.toFixed(1).padStart(6)} s${note}`);
  }
  // CI keeps only the end of the output: name every failed test here, not only far above.
  const failures = results.flatMap((result) => (result.failures ?? []).map((failure) => `  ${result.name}: ${failure}`));
  if (failures.length > 0) console.log(`failed:\n${failures.slice(0, 30).join("\n")}`);
  console.log(`reports: ${reports}`);
  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

// Exit explicitly: a library's exit hook must not turn a failed run into exit code 0.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log("0 passed, 1 failed");
    process.exit(1);
  },
);
