// End-to-end tests against the production build, served by scripts/e2e-server.ts with its own
// database (see that file). Chromium is Debian's (`apt-get install chromium`), since Playwright's
// own browser download is not reachable here; PLAYWRIGHT_CHROMIUM overrides the path.
import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

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

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  // The tests share one server and database: run them one at a time.
  workers: 1,
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
    {
      name: "chromium",
      use: {
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
      },
    },
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
