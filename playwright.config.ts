// End-to-end tests against the production build, served by scripts/e2e-server.ts with its own
// database (see that file). Chromium is Debian's (`apt-get install chromium chromium-headless-shell`),
// since Playwright's own browser download is not reachable here; headless runs use the headless
// shell when it is installed (chromiumPath below); PLAYWRIGHT_CHROMIUM overrides the path.
import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

/**
 * Specs that start `npm start` processes of their own (each with its own embedded PostgreSQL or a
 * scratch database): they never read or tick the shared server's database, so they run in a
 * project of their own, beside the shared-server specs rather than after them.
 */
const ownServerSpecs = ["start.spec.ts", "npm-start-faults.spec.ts", "sign-in-hosts.spec.ts"];

/**
 * The `app` specs that npm test runs behind PgBouncer, and only there (docs/decisions/0039): the
 * axe scans (to balance the passes, below) and the ones that drive the engine and the API over HTTP (ticks, claims, bulk changes, deliveries,
 * admission under overload), where a transaction-mode pooler and the loss of prepared statements
 * can change an outcome. Every other `app` spec reads or changes rows through the same Prisma
 * calls the integration suite runs both ways, so npm test runs it once, directly.
 *   DULY_E2E_PART=pooled   only these (scripts/test.ts's PgBouncer pass)
 *   DULY_E2E_PART=direct   every other spec, and the `npm-start` project (its direct pass)
 *   unset                  everything (a developer's `npx playwright test`)
 */
export const pooledSpecs = [
  "cron-tick.spec.ts",
  "api-overload.spec.ts",
  "api-webhooks-walkthrough.spec.ts",
  "webhooks.spec.ts",
  "api.spec.ts",
  "api-client.spec.ts",
  "api-move-requests.spec.ts",
  "payment-webhook.spec.ts",
  "bulk-retry.spec.ts",
  "running-now.spec.ts",
  "dashboard.spec.ts",
  // Not an engine spec: the axe scans only read pages, as well through a pooler as without one.
  // It is the longest `app` spec (40 % of the direct part's time), and here it balances the two
  // passes, which run at once.
  "accessibility.spec.ts",
];

const part = process.env.DULY_E2E_PART || undefined;
if (part !== undefined && part !== "direct" && part !== "pooled") {
  throw new Error(`DULY_E2E_PART must be "direct" or "pooled" (or unset for every spec), not ${JSON.stringify(part)}`);
}

/**
 * A headed run (`--headed`, `--debug`, `--ui`, PWDEBUG) needs the full browser; a headless one
 * gets Chromium's headless shell when Debian's `chromium-headless-shell` is installed: the same
 * Blink and V8 without the browser UI, measured 25 % less CPU over the 33 `app` specs
 * (docs/decisions/0051-headless-shell-for-e2e.md).
 */
const headed =
  !!process.env.PWDEBUG || process.argv.some((arg) => arg === "--headed" || arg === "--debug" || arg === "--ui" || arg.startsWith("--ui-"));

function onPath(names: string[]): string | undefined {
  for (const name of names) {
    for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
      const candidate = path.join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

function chromiumPath(): string | undefined {
  if (process.env.PLAYWRIGHT_CHROMIUM) return process.env.PLAYWRIGHT_CHROMIUM;
  const full = ["chromium", "chromium-browser"];
  // undefined: fall back to a browser installed by `npx playwright install`
  return onPath(headed ? full : ["chromium-headless-shell", ...full]);
}

function browserUse() {
  return {
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: chromiumPath(),
      // Root in a container, and a closed network: no sandbox, and no background traffic.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  // Two workers: one per project. The `app` specs share one server and database (a tick or a
  // time-travelled page in one would run or show another's jobs), so that project runs them one at
  // a time; the `npm-start` specs run theirs one at a time beside it (see projects below).
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Generous: a test must not fail because the machine is busy (CI shares two cores).
  timeout: 90_000,
  // An expectation passes as soon as it holds; its timeout only says when to give up. 5 s was
  // too short on two loaded cores (a click's navigation took longer in a full npm test run).
  expect: { timeout: 30_000 },
  reporter: "list",
  use: {
    baseURL,
    // A trace of each failure, without DOM snapshots: their cost is paid on every passing test
    // (recorded, then thrown away), and they were half of what tracing cost. Measured A/B on one
    // server, the runner's process tree (worker and Chromium), load 10-27: accessibility.spec.ts
    // 72.9 CPU-s with snapshots, 65.7 without, 60.5 with no trace; keyboard-shortcuts.spec.ts
    // 27.6 / 24.1 / 23.8 (means of 2-4 runs). A failure still keeps its trace (actions with their timings,
    // network, console, the screencast), its screenshot and Playwright's error context (the
    // page's accessibility tree): what a load-bound failure in CI needs. For DOM snapshots,
    // rerun the spec with `--trace retain-on-failure`.
    trace: { mode: "retain-on-failure", snapshots: false, screenshots: true, sources: true },
    screenshot: "only-on-failure",
  },
  projects: [
    part === "pooled"
      ? { name: "app", testMatch: pooledSpecs, workers: 1, use: browserUse() }
      : { name: "app", testIgnore: part === "direct" ? [...ownServerSpecs, ...pooledSpecs] : ownServerSpecs, workers: 1, use: browserUse() },
    // Its specs start their own `npm start` (own database): never behind the pooled pass's PgBouncer.
    ...(part === "pooled" ? [] : [{ name: "npm-start", testMatch: ownServerSpecs, workers: 1, use: browserUse() }]),
  ],
  webServer: {
    // `node --import tsx` rather than the tsx CLI: one process, so a signal is not relayed twice
    // (the tsx CLI forwards it, then SIGKILLs a child that is slow to acknowledge).
    command: "node --import tsx scripts/e2e-server.ts",
    url: `${baseURL}/agenda`,
    env: { E2E_PORT: String(port) },
    // Includes `next build` when the build is stale (~20-60 s).
    timeout: 240_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM lets the server stop Next, then drop its database or stop its Postgres.
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
  },
});
