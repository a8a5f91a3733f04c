// A link to a page of the dashboard (a job, a filtered list) opened while signed out goes to the
// sign-in page and, once signed in, lands on that page: not on the overview. It holds with the
// page's JavaScript and without it (the sign-in form is a plain POST to /sign-in/submit), and for
// a client-side navigation after the session ended. `next` is this site's paths only.
import type { Page } from "@playwright/test";
import { expect, test, uniqueMarker } from "./fixtures.ts";
import { createSignedInOperator, type SignedInOperator } from "../helpers/operators.ts";
import { e2eAuthSecret } from "../../scripts/lib/e2e-state.ts";

test.use({ signInAs: null });
// Each test checks a password (a deliberately slow hash) and loads several pages.
test.describe.configure({ timeout: 120_000 });
const answered = { timeout: 30_000 };

/** A client address of this test's own, so the per-address sign-in limit counts only its attempts. */
const clientAddress = () => `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

async function submitSignIn(page: Page, user: SignedInOperator): Promise<void> {
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

let user: SignedInOperator;
test.beforeEach(async ({ db }) => {
  user = await createSignedInOperator(db, { role: "operator", secret: e2eAuthSecret, label: "e2e-deep-link" });
});
test.afterEach(async ({ db }) => {
  await db.authUser.delete({ where: { id: user.id } });
});

for (const javaScriptEnabled of [true, false]) {
  test(`a job's page opened signed out lands on that job after sign-in (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser, baseURL, scheduleDemoPing }) => {
    const job = await scheduleDemoPing({ runAt: new Date("2031-03-04T05:06:07Z"), subject: { type: "booking", id: uniqueMarker() } });
    const context = await browser.newContext({ baseURL, javaScriptEnabled, extraHTTPHeaders: { "x-forwarded-for": clientAddress() } });
    const page = await context.newPage();
    try {
      await page.goto(`/jobs/${job.id}`);
      expect(pathOf(page)).toBe(`/sign-in?next=${encodeURIComponent(`/jobs/${job.id}`)}`);
      await submitSignIn(page, user);
      await expect(page.getByRole("heading", { name: `Job ${job.id}` })).toBeVisible(answered);
      expect(pathOf(page)).toBe(`/jobs/${job.id}`);
    } finally {
      await context.close();
    }
  });
}

test("a filtered list opened signed out keeps its query through sign-in (JavaScript off)", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": clientAddress() } });
  const page = await context.newPage();
  try {
    await page.goto("/jobs?status=dead&dir=desc");
    expect(pathOf(page)).toBe(`/sign-in?next=${encodeURIComponent("/jobs?status=dead&dir=desc")}`);
    await submitSignIn(page, user);
    await expect(page.getByRole("heading", { name: "Jobs", exact: true })).toBeVisible(answered);
    expect(pathOf(page)).toBe("/jobs?status=dead&dir=desc");
  } finally {
    await context.close();
  }
});

test("a client-side navigation after the session ended signs in and goes on to the page clicked", async ({ browser, baseURL, db }) => {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": clientAddress() } });
  const page = await context.newPage();
  try {
    await page.goto("/sign-in");
    await submitSignIn(page, user);
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible(answered);
    // The session ends (revoked, or expired) while the overview is open; the next click is a
    // client-side navigation whose payload request carries Next's own `?_rsc=` key.
    await db.authSession.deleteMany({ where: { userId: user.id } });
    await page.getByRole("navigation").getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { name: "Sign in to Duly" })).toBeVisible(answered);
    expect(pathOf(page)).toBe(`/sign-in?next=${encodeURIComponent("/audit")}`);
    await submitSignIn(page, user);
    await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible(answered);
    expect(pathOf(page)).toBe("/audit");
  } finally {
    await context.close();
  }
});

test("the form's next is this site's paths only: anything else is dropped, and a sign-in lands on the overview", async ({ request, baseURL }) => {
  const refusedWith = async (next: string) => {
    // No password: refused as "missing" before any password check, with `next` as it was kept.
    const answer = await request.post("/sign-in/submit", {
      form: { next, email: user.email, password: "" },
      headers: { "x-forwarded-for": clientAddress() },
      maxRedirects: 0,
    });
    expect(answer.status(), JSON.stringify(next)).toBe(303);
    return answer.headers().location;
  };
  expect(await refusedWith("/jobs/123")).toBe("/sign-in?next=%2Fjobs%2F123&error=missing");
  for (const next of ["//evil.example", "https://evil.example/", "/\\evil.example", "/.//evil.example", "/a/..//evil.example", "/\t/evil.example", "/jobs\u0000"]) {
    expect(await refusedWith(next), JSON.stringify(next)).toBe("/sign-in?error=missing");
  }
  // A successful sign-in with a next that resolves off-site (`/.//evil.example` is `//evil.example`
  // once its dot segment is resolved) goes to this site's front page.
  const signedIn = await request.post("/sign-in/submit", {
    form: { next: "/.//evil.example", email: user.email, password: user.password },
    headers: { "x-forwarded-for": clientAddress(), origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(303);
  expect(signedIn.headers().location).toBe("/");
});
