// `npm test`: every check the project has, carrying on past failures so one run reports
// everything. Ends with exactly one line `N passed, N failed` (summed over all suites) and exits
// non-zero if anything failed. The steps (a summary row each):
//
//   prisma generate   a precondition, not a test: counted only if it fails (as 1 failed); only
//                     when the schema or Prisma changed (npm run db:generate)
//   typecheck         tsc --noEmit; one test
//   lint              eslint .; one test
//   api:lint          Redocly's lint of the /api/v1 OpenAPI document (recommended-strict); one test
//   next build        a precondition, only when the build is stale: both Playwright passes
//                     serve it, and two e2e servers must not build into .next at once
//   vitest            the unit project, and the integration project; each counted from its JSON
//                     report, whose per-file times name the slowest files in the step's log
//   faked clock       the unit and quota integration files that read the clock (fakedClock in
//                     tests/setup/file-groups.ts) again, three times, with
//                     the process clock faked by Debian's faketime to Dec 31 (into the new
//                     year), Feb 29 and Jul 1: no test may depend on the day it runs (issue 7).
//                     A row each; skipped, with a note, where faketime is not installed
//   jobs:check        only if package.json has that script; one test. It reads a database, so it
//                     gets a freshly migrated one: on DATABASE_URL's server if set, else embedded
//   playwright        only if playwright.config.ts exists; counted from its JSON report
//   processes         the vitest `processes` project (several processes racing real time
//                     against short leases), last: only its own PgBouncer pass overlaps it
//
// When a pgbouncer binary is installed, PgBouncer passes run behind a pooler in transaction mode
// (DULY_TEST_PGBOUNCER=1: the harness starts one in front of the run's server, see
// scripts/lib/pgbouncer.ts), each its own row in the summary: the integration files where a
// pooler can change an outcome (tests/setup/file-groups.ts), the `processes` project, and the
// e2e specs that drive the engine over HTTP, which then run only there (playwright.config.ts's
// pooledSpecs; docs/decisions/0039). That is how the app reaches PostgreSQL on Vercel with Neon
// or Supabase, and the engine must keep working there (docs/deploy.md).
//
// Parallel, in three lanes (docs/decisions/0032, 0034, 0039): the suites mostly wait (on
// PostgreSQL, on a browser, on timers), so on two cores they overlap. Each pass has its own
// databases (its own run prefix or embedded server, its own PgBouncer) and each Playwright pass
// its own server, port and state file, so no pass sees another's rows.
//   browser: next build (when stale), then the two Playwright passes at once (the direct one:
//            every spec but pooledSpecs, and the npm-start project). The longest lane, so it
//            starts with the build, not behind tsc and eslint
//   vitest:  integration, and integration behind PgBouncer, at once
//   quick:   tsc, eslint, api:lint, unit, the three faked-clock passes, then jobs:check, one
//            after the other
// then, once all three lanes are done, the `processes` project, its direct and pooled passes at
// once and nothing else (docs/decisions/0054).
// A concurrent step's output goes to a log file in the reports folder, printed whole when the
// step ends, so passes never interleave line by line.
import { spawn, spawnSync, type StdioOptions } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDatabase, migrate } from "../lib/db/migrate.ts";
import { formatCpu, machineBusySeconds, parseBashTimes, withCpuTimes } from "./lib/cpu-time.ts";
import { buildState, nextBin } from "./lib/next-build.ts";
import { findPgbouncer } from "./lib/pgbouncer.ts";
import { freePort } from "./lib/ports.ts";
import { fakedClock } from "../tests/setup/file-groups.ts";
import { startEmbeddedPostgres, urlForDatabase, withClient } from "../tests/setup/postgres-server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

interface StepResult {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
  /** User + system CPU of the step's commands and their process trees (scripts/lib/cpu-time.ts). */
  cpuSeconds?: number;
  /** False when some command of the step ended without its CPU time (killed). */
  cpuComplete?: boolean;
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

/**
 * Where a running step's commands write: a log file per step while steps overlap (printed whole
 * when the step ends), the terminal when one runs alone. Set by `step` through its argument.
 */
interface Output {
  log?: string;
  /** Summed by `run` over the step's commands: their CPU-seconds, and whether every one was measured. */
  cpuSeconds?: number;
  cpuComplete?: boolean;
}

/** Numbers the files each command's CPU time is written to. */
let cpuFiles = 0;

/**
 * The longest any one command of the run may take (DULY_TEST_STEP_TIMEOUT_S, seconds; default 40
 * minutes). A command still running then is killed with everything it started and its step
 * counted as failed, so a hang (a server that never stops, a worker that never exits) costs one
 * step, not the whole CI budget, and the run still ends with its summary.
 */
const stepTimeoutMs = (Number(process.env.DULY_TEST_STEP_TIMEOUT_S) || 2_400) * 1_000;

/** How a step's command ended, for its row's note. */
function describeExit(code: number): string {
  return code === 124 ? `killed: still running after the ${stepTimeoutMs / 1000} s step timeout` : `exit code ${code}`;
}

/** Process groups still running, killed if this script is interrupted. */
const liveGroups = new Set<number>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const pid of liveGroups) killGroup(pid, "SIGTERM");
    setTimeout(() => {
      for (const pid of liveGroups) killGroup(pid, "SIGKILL");
      process.exit(130);
    }, 5_000).unref();
  });
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Runs a command in a process group of its own, its output to `output.log` or inherited; resolves
 * with its exit code (1 if it could not start, 124 if it ran past the step timeout and was killed).
 */
function run(command: string, args: string[], env: Record<string, string> = {}, output: Output = {}): Promise<number> {
  return new Promise((resolve) => {
    const fd = output.log ? openSync(output.log, "a") : undefined;
    const stdio: StdioOptions = fd === undefined ? "inherit" : ["ignore", fd, fd];
    // Under a bash that prints the CPU time of the command's whole process tree when it ends.
    const cpuFile = path.join(reports, `cpu-${++cpuFiles}.txt`);
    const wrapped = withCpuTimes(command, args, cpuFile);
    const child = spawn(wrapped.command, wrapped.args, { cwd: root, stdio, env: { ...process.env, ...env }, detached: true });
    const pid = child.pid;
    if (pid !== undefined) liveGroups.add(pid);
    let timedOut = false;
    const timer = setTimeout(() => {
      if (pid === undefined) return;
      timedOut = true;
      const note = `\n[npm test] ${command} ${args.slice(0, 3).join(" ")} still running after ${stepTimeoutMs / 1000} s: killed with its process group\n`;
      if (fd !== undefined) appendFileSync(fd, note);
      else console.error(note);
      killGroup(pid, "SIGTERM");
      setTimeout(() => killGroup(pid, "SIGKILL"), 15_000).unref();
    }, stepTimeoutMs);
    const done = (code: number) => {
      clearTimeout(timer);
      let cpu: number | undefined;
      try {
        cpu = parseBashTimes(readFileSync(cpuFile, "utf8"));
      } catch {
        // Killed before bash wrote it: the step's CPU is then a lower bound.
      }
      output.cpuSeconds = (output.cpuSeconds ?? 0) + (cpu ?? 0);
      output.cpuComplete = (output.cpuComplete ?? true) && cpu !== undefined;
      if (pid !== undefined) liveGroups.delete(pid);
      if (fd !== undefined) closeSync(fd);
      resolve(timedOut ? 124 : code);
    };
    child.on("error", (error) => {
      if (fd !== undefined) appendFileSync(fd, `Could not start ${command}: ${error.message}\n`);
      else console.error(`Could not start ${command}: ${error.message}`);
      done(1);
    });
    child.on("close", (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

type Outcome = Omit<StepResult, "name" | "seconds" | "cpuSeconds" | "cpuComplete">;

/** Set in main(): the folder of the JSON reports and the concurrent steps' logs. */
let reports = "";

/**
 * Runs one step and records its row. `alone`: its output goes straight to the terminal (nothing
 * else runs meanwhile); otherwise to a log file, printed under the step's banner when it ends.
 */
async function step(name: string, work: (output: Output) => Promise<Outcome>, { alone = false } = {}): Promise<void> {
  const output: Output = alone ? {} : { log: path.join(reports, `${name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.log`) };
  if (alone) banner(name);
  else console.log(`▶ ${name} started (log: ${output.log})`);
  const startedAt = performance.now();
  let outcome: Outcome;
  try {
    outcome = await work(output);
  } catch (error) {
    console.error(error);
    outcome = { passed: 0, failed: 1, note: "the step itself crashed" };
  }
  const seconds = (performance.now() - startedAt) / 1000;
  results.push({ name, ...outcome, seconds, cpuSeconds: output.cpuSeconds, cpuComplete: output.cpuComplete });
  if (output.log) {
    banner(name);
    process.stdout.write(await readFile(output.log, "utf8").catch(() => "(no output)\n"));
    console.log(`◀ ${name}: ${outcome.passed} passed, ${outcome.failed} failed in ${seconds.toFixed(1)} s, ${formatCpu(output.cpuSeconds, output.cpuComplete)}`);
  }
}

/** A check that counts as a single test: passed when the command exits 0. */
const singleTest = (command: string, args: string[], env?: Record<string, string>) => async (output: Output) => {
  const code = await run(command, args, env, output);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: describeExit(code) };
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
    /** Epoch milliseconds: when the file started and ended (its setup and imports included). */
    startTime?: number;
    endTime?: number;
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
 * The step's slowest files, to its log (or the terminal): where a lane's minutes go, so the next
 * change to the run's length starts from figures (docs/decisions/0034).
 */
function reportSlowestFiles(report: VitestReport, output: Output): void {
  const timed = report.testResults
    .filter((result) => result.startTime !== undefined && result.endTime !== undefined)
    .map((result) => ({ where: path.relative(root, result.name), seconds: (result.endTime! - result.startTime!) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds);
  if (timed.length === 0) return;
  const total = timed.reduce((sum, file) => sum + file.seconds, 0);
  const lines = [`slowest files (of ${timed.length}, ${total.toFixed(0)} s in all):`, ...timed.slice(0, 12).map((file) => `  ${file.seconds.toFixed(1).padStart(7)} s  ${file.where}`)];
  if (output.log) appendFileSync(output.log, `${lines.join("\n")}\n`);
  else console.log(lines.join("\n"));
}

/**
 * A vitest run counted from its JSON report (written to `file`). `wrapper`: a command that runs
 * vitest, with its own arguments first (faketime and its date).
 */
const vitestRun = (args: string[], env: Record<string, string>, file: string, wrapper: string[] = []) => async (output: Output) => {
  const vitestArgs = ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`];
  const code = wrapper.length > 0
    ? await run(wrapper[0]!, [...wrapper.slice(1), bin("vitest"), ...vitestArgs], env, output)
    : await run(bin("vitest"), vitestArgs, env, output);
  const report = await readJson<VitestReport>(file);
  if (!report) return { passed: 0, failed: 1, note: `no JSON report (${describeExit(code)})` };
  reportSlowestFiles(report, output);
  // A file that fails to load or fails in a hook has no failed test of its own: count it once.
  const brokenFiles = report.testResults.filter(
    (result) => result.status === "failed" && !result.assertionResults.some((test) => test.status === "failed"),
  ).length;
  let failed = report.numFailedTests + brokenFiles;
  let note = brokenFiles > 0 ? `${brokenFiles} file(s) failed outside any test` : undefined;
  if ((code !== 0 || !report.success) && failed === 0) {
    failed = 1;
    note = `run failed (${describeExit(code)}) with no failed test: an unhandled error?`;
  }
  return { passed: report.numPassedTests, failed, note, failures: vitestFailures(report) };
};

/** A Playwright run counted from its JSON report (written to `file`). */
const playwrightRun = (args: string[], env: Record<string, string>, file: string) => async (output: Output) => {
  const code = await run(bin("playwright"), ["test", "--reporter=list,json", ...args], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_FILE: file,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  }, output);
  const report = await readJson<PlaywrightReport>(file);
  if (!report) return { passed: 0, failed: 1, note: `no JSON report (${describeExit(code)})` };
  const { expected, unexpected, flaky } = report.stats;
  let failed = unexpected;
  let note = flaky > 0 ? `${flaky} flaky (passed on retry)` : undefined;
  if (code !== 0 && failed === 0) {
    failed = 1;
    note = `${describeExit(code)} with no failed test (global setup or web server?)`;
  }
  return { passed: expected + flaky, failed, note, failures: playwrightFailures(report) };
};

/** The build, then both Playwright passes at once. */
async function browserLane(pgbouncer: boolean): Promise<void> {
  if (!existsSync(path.join(root, "playwright.config.ts"))) return;

  await step("next build", async (output) => {
    const state = await buildState(root);
    if (!state.stale) return { passed: 0, failed: 0, note: "precondition: up to date" };
    // No type check inside the build: the quick lane's tsc checks every file, the build's too.
    const code = await run(process.execPath, [nextBin(root), "build"], { NEXT_TELEMETRY_DISABLED: "1", DULY_BUILD_TYPECHECK: "0" }, output);
    return code === 0 ? { passed: 0, failed: 0, note: `precondition: built (${state.reason})` } : { passed: 0, failed: 1, note: describeExit(code) };
  });
  // Each pass its own server: its own port and state file (the fixtures read it), its own output
  // folder (a run empties its own at the start). The direct pass keeps E2E_PORT (3100).
  const passEnv = (port: number) => ({ E2E_PORT: String(port), DULY_E2E_STATE: path.join(root, ".data", `e2e-server-${port}.json`) });
  const directPort = Number(process.env.E2E_PORT ?? 3100);
  const pooledPort = await freePort();
  await Promise.all([
    // With a PgBouncer pass, the specs that drive the engine over HTTP run behind it and the rest
    // directly (playwright.config.ts's pooledSpecs, docs/decisions/0039); without one, all directly.
    step("playwright", playwrightRun([], { ...direct, ...passEnv(directPort), DULY_E2E_PART: pgbouncer ? "direct" : "" }, path.join(reports, "playwright.json"))),
    pgbouncer
      ? step(
          "playwright, PgBouncer",
          playwrightRun(["--output", "test-results-pgbouncer"], { ...pooled, ...passEnv(pooledPort), DULY_E2E_PART: "pooled" }, path.join(reports, "playwright-pgbouncer.json")),
        )
      : Promise.resolve(),
  ]);
}

/**
 * Integration, directly and behind PgBouncer at once (own databases each). The longest lane, so
 * it holds nothing else: the unit project and jobs:check run in the quick lane.
 */
async function vitestLane(pgbouncer: boolean): Promise<void> {
  await Promise.all([
    step("vitest integration", vitestRun(integrationProjects, direct, path.join(reports, "vitest.json"))),
    pgbouncer
      ? step("vitest integration, PgBouncer", vitestRun(integrationProjects, pooled, path.join(reports, "vitest-pgbouncer.json")))
      : Promise.resolve(),
  ]);
}

/** The unit project on the real clock, the faked-clock passes, then jobs:check: one after the other. */
async function quickLane(hasJobsCheck: boolean, hasApiLint: boolean): Promise<void> {
  await step("typecheck (tsc --noEmit)", singleTest(bin("tsc"), ["--noEmit"]));
  await step("lint (eslint .)", singleTest(bin("eslint"), ["."]));
  if (hasApiLint) await step("api:lint (Redocly, OpenAPI document)", singleTest("npm", ["run", "--silent", "api:lint"]));
  await step("vitest unit", vitestRun(["--project", "unit"], direct, path.join(reports, "vitest-unit.json")));
  await fakedClockPasses();
  if (!hasJobsCheck) return;
  await step("jobs:check", async (output) => {
    const database = await scratchDatabase();
    try {
      return await singleTest("npm", ["run", "--silent", "jobs:check"], { DATABASE_URL: database.url })(output);
    } finally {
      await database.release();
    }
  });
}

// No test reads the real date (issue 7, test 5): the unit files whose code reads the clock or
// formats dates and the quota files whose code turns instants into local dates (`fakedClock`,
// tests/setup/file-groups.ts; a unit test keeps it complete; docs/decisions/0045), run with the
// process clock faked to three days that break date code (the clock keeps running from there:
// Dec 31 crosses into the new year during the run). A file that passes every instant in gives
// the same result on any day, and the full calendar simulations choose every `now`: they run once.
const fakedDays = ["2026-12-31 23:58:00", "2028-02-29 12:00:00", "2027-07-01 00:00:30"];

async function fakedClockPasses(): Promise<void> {
  if (spawnSync("faketime", ["-f", "+0", "true"], { stdio: "ignore" }).status !== 0) {
    results.push({ name: "vitest, faked clock", passed: 0, failed: 0, seconds: 0, skipped: true, note: "skipped: no faketime binary (apt-get install -y faketime)" });
    return;
  }
  for (const [index, day] of fakedDays.entries()) {
    await step(
      `vitest, clock faked to ${day.slice(0, 10)}`,
      vitestRun(["--project", "unit", ...integrationProjects, ...fakedClock], direct, path.join(reports, `vitest-faked-${index}.json`), ["faketime", day]),
    );
  }
}

// DULY_TEST_PGBOUNCER is set either way, so a value in the caller's environment cannot turn the
// direct passes into pooled ones.
const direct = { DULY_TEST_PGBOUNCER: "0" };
/** The integration files: most sharing their workers' modules, a few with their own (docs/decisions/0046). */
const integrationProjects = ["--project", "integration", "--project", "integration-isolated"];
const pooled = { DULY_TEST_PGBOUNCER: "1" };

function printSummary(run: { seconds: number; machineBusy: number }): number {
  banner("summary");
  for (const result of results) {
    const mark = result.failed > 0 ? "✗" : result.skipped ? "–" : "✓";
    const counts = `${result.passed} passed, ${result.failed} failed`;
    const note = result.note ? `  (${result.note})` : "";
    const cpu = result.skipped ? "" : formatCpu(result.cpuSeconds, result.cpuComplete);
    console.log(`${mark} ${result.name.padEnd(34)} ${counts.padEnd(24)} ${result.seconds.toFixed(1).padStart(6)} s ${cpu.padStart(14)}${note}`);
  }
  // Where the cores went: the steps' own trees, against everything the machine did meanwhile
  // (other work on it, this script, a PostgreSQL the run did not start).
  const stepsCpu = results.reduce((sum, result) => sum + (result.cpuSeconds ?? 0), 0);
  console.log(
    `CPU: the steps ${formatCpu(stepsCpu)}; the machine ${formatCpu(run.machineBusy)} busy in ${run.seconds.toFixed(0)} s on ${cpus().length} cores (everything on it)`,
  );
  // CI keeps only the end of the output: name every failed test here, not only far above.
  const failures = results.flatMap((result) => (result.failures ?? []).map((failure) => `  ${result.name}: ${failure}`));
  if (failures.length > 0) console.log(`failed:\n${failures.slice(0, 30).join("\n")}`);
  console.log(`reports and logs: ${reports}`);
  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

async function main(): Promise<number> {
  const startedAt = performance.now();
  const busyAtStart = machineBusySeconds();
  reports = await mkdtemp(path.join(tmpdir(), "duly-test-reports-"));
  const packageJson = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };

  await step("prisma generate", async (output) => {
    // Only when the schema or Prisma changed (scripts/prisma-generate.ts keeps a stamp): a
    // rewritten client would make the app's build look stale and every run rebuild it.
    const code = await run("npm", ["run", "--silent", "db:generate"], {}, output);
    return code === 0 ? { passed: 0, failed: 0, note: "precondition" } : { passed: 0, failed: 1, note: describeExit(code) };
  }, { alone: true });

  const pgbouncer = findPgbouncer() !== undefined;
  await Promise.all([
    browserLane(pgbouncer),
    vitestLane(pgbouncer),
    quickLane(!!packageJson.scripts?.["jobs:check"], !!packageJson.scripts?.["api:lint"]),
  ]);

  // Several processes racing real time against short leases: nothing else of this run may
  // overlap them (a process starved of CPU for longer than a lease looks dead), but the direct and
  // the pooled pass may overlap each other: together they keep about 1.3 of the 2 cores busy, and
  // the eight-staying-processes test's smallest lease left at a job's start stayed 2.6-5.1 s in
  // four rounds at once, against 5.2 s alone (docs/decisions/0054).
  const processesPasses = [step("vitest processes (after the lanes)", vitestRun(["--project", "processes"], direct, path.join(reports, "vitest-processes.json")))];
  if (pgbouncer) {
    processesPasses.push(
      step(
        "vitest processes, PgBouncer (after the lanes)",
        vitestRun(["--project", "processes"], pooled, path.join(reports, "vitest-processes-pgbouncer.json")),
      ),
    );
  } else {
    // Not a failure (a laptop may lack it; .ci/run installs it), but never silent either.
    results.push({ name: "PgBouncer passes", passed: 0, failed: 0, seconds: 0, skipped: true, note: "skipped: no pgbouncer binary (apt-get install -y pgbouncer)" });
  }
  await Promise.all(processesPasses);
  const seconds = (performance.now() - startedAt) / 1000;
  console.log(`\nnpm test took ${seconds.toFixed(0)} s`);
  return printSummary({ seconds, machineBusy: machineBusySeconds() - busyAtStart });
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
