// The sign-in form works before (and without) the page's JavaScript: it is an HTML form that
// POSTs to the server, which signs in through better-auth (its rate limit and origin check
// included), sets the session cookie and redirects. Whatever submits it (a person before the
// scripts load, a password manager on autofill, a browser with JavaScript off), the password
// never appears in a URL: not in the address bar, the history, or any request line.
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { createSignedInOperator, type SignedInOperator } from "../helpers/operators.ts";
import { e2eAuthSecret } from "../../scripts/lib/e2e-state.ts";

test.use({ signInAs: null });
// Each test checks a password at least once (a deliberately slow hash) and loads several pages.
test.describe.configure({ timeout: 120_000 });
/** A sign-in answer is a password check, a redirect and a page render: on a busy machine, seconds. */
const answered = { timeout: 30_000 };

/** Every URL the context requested (navigations, scripts, fetches), to search for the password. */
function recordRequestedUrls(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on("request", (request) => urls.push(request.url()));
  return urls;
}

function expectNoPasswordIn(urls: string[], password: string): void {
  const leaks = urls.filter((url) => url.includes(password) || url.includes(encodeURIComponent(password)) || /[?&]password=/.test(url));
  expect(leaks, "request URLs carrying the password").toEqual([]);
}

async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * A client address of this test's own, so the per-address limit counts only its attempts (IPv4:
 * better-auth counts an IPv6 address by its /64, which would put every test in one bucket).
 */
const clientAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

test.describe("signing in without the page's JavaScript", () => {
  let user: SignedInOperator;
  test.beforeEach(async ({ db }) => {
    user = await createSignedInOperator(db, { role: "operator", secret: e2eAuthSecret, label: "e2e-nojs" });
  });
  test.afterEach(async ({ db }) => {
    await db.authUser.delete({ where: { id: user.id } });
  });

  test("with JavaScript off, a wrong password is refused and the right one signs in and goes on to next", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": clientAddress() } });
    const urls = recordRequestedUrls(context);
    const page = await context.newPage();
    try {
      await page.goto("/sign-in?next=%2Fjobs%3Fstatus%3Ddead");
      await submitSignIn(page, user.email, "not the password at all");
      await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible(answered);
      expect(new URL(page.url()).pathname).toBe("/sign-in");
      // The form keeps the email for the next try, without putting it in the URL.
      await expect(page.getByLabel("Email")).toHaveValue(user.email);
      expect(page.url()).not.toContain(encodeURIComponent(user.email));

      await submitSignIn(page, user.email, user.password);
      await expect(page.getByRole("heading", { name: "Jobs", exact: true })).toBeVisible(answered);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/jobs?status=dead");
      await expect(page.getByText(user.email)).toBeVisible(answered);
      const cookie = (await context.cookies()).find((c) => c.name.endsWith("session_token"));
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
      expectNoPasswordIn([...urls, page.url()], user.password);
      expectNoPasswordIn(urls, "not the password at all");
    } finally {
      await context.close();
    }
  });

  test("submitted before the page's scripts load (every chunk blocked), the form still posts and signs in", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": clientAddress() } });
    const urls = recordRequestedUrls(context);
    const page = await context.newPage();
    // The scripts never arrive: as on a slow link, or after a deploy removed the chunk.
    await page.route("**/_next/static/**/*.js", (route) => route.abort());
    try {
      await page.goto("/sign-in");
      await submitSignIn(page, user.email, user.password);
      await expect(page.getByText(user.email)).toBeVisible(answered);
      expect(new URL(page.url()).pathname).toBe("/overview");
      expectNoPasswordIn([...urls, page.url()], user.password);
    } finally {
      await context.close();
    }
  });

  test("the rate limit still holds: the sixth attempt in a minute from one address is told to wait", async ({ browser, baseURL }) => {
    test.setTimeout(180_000); // six password checks on a shared machine
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": clientAddress() } });
    const page = await context.newPage();
    try {
      for (let attempt = 1; attempt <= 5; attempt++) {
        await page.goto("/sign-in");
        await submitSignIn(page, user.email, `wrong password ${attempt}`);
        await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible(answered);
      }
      await submitSignIn(page, user.email, user.password);
      await expect(page.getByRole("alert").filter({ hasText: "Too many sign-in attempts" })).toBeVisible(answered);
      expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
    } finally {
      await context.close();
    }
  });

  test("a next that leads off the site lands on the dashboard instead", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": clientAddress() } });
    const page = await context.newPage();
    try {
      await page.goto("/sign-in?next=%2F%5Cevil.example");
      await submitSignIn(page, user.email, user.password);
      await expect(page.getByText(user.email)).toBeVisible(answered);
      expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
      expect(new URL(page.url()).pathname).toBe("/overview");
    } finally {
      await context.close();
    }
  });
});
