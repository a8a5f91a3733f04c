// End-to-end tests against the production build, served by scripts/e2e-server.ts with its own
// database (see that file). Chromium is Debian's (`apt-get install chromium`), since Playwright's
// own browser download is not reachable here; PLAYWRIGHT_CHROMIUM overrides the path.
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

function chromiumPath(): string | undefined {
  if (process.env.PLAYWRIGHT_CHROMIUM) return process.env.PLAYWRIGHT_CHROMIUM;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    for (const name of ["chromium", "chromium-browser"]) {
      const candidate = path.join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return undefined; // fall back to a browser installed by `npx playwright install`
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
  expect: { timeout: 5_000 },
  reporter: "list",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "app", testIgnore: ownServerSpecs, workers: 1, use: browserUse() },
    { name: "npm-start", testMatch: ownServerSpecs, workers: 1, use: browserUse() },
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
