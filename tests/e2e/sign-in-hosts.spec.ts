// Signing in to `npm start` with BETTER_AUTH_URL unset, as the README allows, from a real browser
// at http://127.0.0.1:<port> and at http://localhost:<port> alike: the form signs in, the session
// cookie is kept and honoured on the next page, and a server action (pause, then resume, a job
// type) is accepted. Before the fix, 127.0.0.1 was answered 403 "Invalid origin": better-auth took
// its origin from the URL Next hands a route handler, which names `localhost` whatever host the
// browser used.
import { freePort } from "../../scripts/lib/ports.ts";
import { demoLogin, runningLine, startNpmStart, temporaryDataDir, type StartProcess } from "../fixtures/start-process.ts";
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.skip(process.env.DULY_TEST_PGBOUNCER === "1", "npm start is the same with or without the PgBouncer pass");
// This file's browser contexts are its own: no fixture session, no fixture cookies.
test.use({ signInAs: null });

let start: StartProcess;
let port: number;
let dataDir: Awaited<ReturnType<typeof temporaryDataDir>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = await temporaryDataDir();
  port = await freePort();
  // No BETTER_AUTH_URL (startNpmStart passes none of the runner's): the README's local default.
  start = startNpmStart({ PORT: String(port), PGPORT_EMBEDDED: String(await freePort()), DULY_DATA_DIR: dataDir.path, DULY_TICKER: "0" });
  await start.waitFor(runningLine, 170_000);
});

test.afterAll(async () => {
  if (start && start.child.exitCode === null && start.child.signalCode === null) {
    start.child.kill("SIGINT");
    await start.exited;
  }
  await dataDir?.remove();
});

for (const host of ["127.0.0.1", "localhost"]) {
  test(`at http://${host}: sign in, stay signed in on the next page, and act`, async ({ browser }) => {
    const origin = `http://${host}:${port}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const login = demoLogin(start.output, "operator");
      await page.goto(`${origin}/job-types`);
      await expect(page).toHaveURL(/\/sign-in/);
      await page.getByLabel("Email").fill(login.email);
      await page.getByLabel("Password").fill(login.password);
      const signIn = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: "Sign in" }).click();
      const answered = await signIn;
      expect(answered.status(), `the sign-in POST at ${origin}: ${await answered.text().catch(() => "")}`).toBeLessThan(400);

      // The cookie is kept and honoured: a dashboard page with the navigation, not the sign-in page.
      await page.goto(`${origin}/job-types`);
      await expect(page).toHaveURL(`${origin}/job-types`);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

      // A server action: pause a job type, then resume it (nothing is left paused).
      const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /demo\.ping/ }) });
      await row.getByLabel("Reason for pausing demo.ping").fill(`sign-in check at ${host}`);
      await row.getByRole("button", { name: "Pause" }).click();
      await expect(row.getByRole("button", { name: "Resume" })).toBeVisible();
      await expect(row).toContainText(`sign-in check at ${host}`);
      await row.getByRole("button", { name: "Resume" }).click();
      await expect(row.getByRole("button", { name: "Pause" })).toBeVisible();
    } finally {
      await context.close();
    }
  });
}
