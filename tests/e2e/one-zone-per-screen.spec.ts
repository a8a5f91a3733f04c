// One time zone per screen: with the display zone set to Asia/Kathmandu (+05:45, an offset no
// server or browser default has), every page of the dashboard, read in Chromium as the operator
// reads it, writes every date and time it shows in that zone and says so: no raw ISO instant
// ("2027-06-14T09:00:00.000Z") and no time in UTC, except the UTC line a page shows under a
// time in the zone on purpose (a job's run time, a booking's event) and an event's own local
// time, labelled "local:". The pages show data that carries times in every form they take: the
// agenda's late and upcoming jobs and quota resets, a job run deferred with an error naming
// instants, an operator's reschedule in the audit log, a booking with a customer's move request
// on its timeline, a dispute, an account. The zone picker offers IANA's current names (Asia/Kolkata,
// not Chromium ICU's Asia/Calcutta), for a pick, an old cookie and the browser's own zone alike.
import type { Page } from "@playwright/test";
import { createCatalogue, schedule, tick } from "../../lib/scheduler/index.ts";
import { marketplaceJobs } from "../../jobs/marketplace/index.ts";
import { catalogue as fullCatalogue, demoPing } from "../../jobs/index.ts";
import { acceptBooking, payBooking, registerChef, registerCustomer, requestBooking, requestMove, systemActor } from "../../lib/marketplace/index.ts";
import { createAccount } from "../../lib/quotas/index.ts";
import { jobVersion } from "../../lib/operations/job-as-seen.ts";
import { rescheduleJob } from "../../lib/operations/job-actions.ts";
import { appPagePaths } from "../helpers/app-pages.ts";
import { makeDispute } from "./marketplace-fixture.ts";
import { dayMs, expect, test, uniqueMarker } from "./fixtures.ts";

const zone = "Asia/Kathmandu";
const hourMs = 3_600_000;
test.use({ displayZone: zone });
test.describe.configure({ timeout: 180_000 });

/** The agenda and the overview as of a fixed instant (the e2e server travels in time): not today. */
const asOf = new Date("2027-06-14T09:00:00.000Z");

/**
 * Every date-time on the page that is not in the display zone. Allowed besides "<date> <time>
 * Asia/Kathmandu (+05:45)" (and its relative part): the UTC line right under such a time (ZonedTime's `utc`), and an
 * event's own local time after "local: ".
 */
async function timesNotInZone(page: Page): Promise<string[]> {
  // A job's key is an identifier, shown as written (in <code>) so it can be copied and searched
  // for: a recurring occurrence's key names its instant in ISO ("recurring:x:2026-12-01T23:30:00.000Z").
  let text = await page.locator("body").innerText();
  for (const identifier of await page.locator("code").allInnerTexts()) if (identifier) text = text.replaceAll(identifier, "");
  const problems: string[] = [];
  for (const raw of text.matchAll(/\d{4}-\d\d-\d\dT\d\d:\d\d\S*/g)) problems.push(`raw ISO: ${raw[0]}`);
  for (const stamp of text.matchAll(/\d{4}-\d\d-\d\d \d\d:\d\d(?::\d\d)?(?<after> [^\s(]+)?/g)) {
    const after = stamp.groups?.after?.trim();
    if (after === zone) continue;
    // Wide enough to see past the time's relative part ("(in 197 d)", "(3 d ago)", "(now)").
    const before = text.slice(Math.max(0, stamp.index - 32), stamp.index);
    if (after === "UTC" && /\(\+05:45\)\s*(\((in [^()]+|[^()]+ ago|now)\)\s*)?$/.test(before)) continue;
    if (/local: $/.test(before)) continue;
    problems.push(`${stamp[0]} (after "${before.replace(/\s+/g, " ")}")`);
  }
  return problems;
}

interface Made {
  pingId: bigint;
  deferredJobId: bigint;
  movedBookingId: number;
  disputeId: number;
  accountId: bigint;
}

test("every page shows every time in the operator's display zone", async ({ page, db, signedIn }) => {
  const marker = uniqueMarker();
  const now = new Date();
  const made = {} as Made;

  // The agenda (as of asOf): a late job, an upcoming one, and an account to reset in the window.
  made.pingId = (await db.$transaction((tx) => schedule(tx, demoPing, { runAt: new Date(asOf.getTime() - 45 * 60_000), payload: { note: marker }, subject: { type: "booking", id: `${marker}-late` } }))).id;
  await db.$transaction((tx) => schedule(tx, demoPing, { runAt: new Date(asOf.getTime() + 2 * hourMs), payload: { note: marker }, subject: { type: "booking", id: `${marker}-soon` } }));
  made.accountId = (await createAccount(db, { name: `zone ${marker}`, plan: "pro", anchorOn: "2027-05-17", timeZone: "America/New_York" }, new Date("2027-06-10T12:00:00Z"))).id;

  // An operator's reschedule: the audit log records runAt as ISO.
  const seen = (await jobVersion(db, made.pingId))!;
  await rescheduleJob(db, signedIn!, { jobId: made.pingId, ...seen, when: new Date(asOf.getTime() - 30 * 60_000), reason: `zone check ${marker}` }, fullCatalogue);

  // A paid booking's close run long before its event: the run is deferred, its error names both instants.
  const ctx = { db, actor: systemActor("e2e"), now };
  const customer = await registerCustomer(ctx, { name: `Customer ${marker}`, email: `c.${marker}@zone.e2e.test` });
  const chef = await registerChef(ctx, { name: `Chef ${marker}`, email: `k.${marker}@zone.e2e.test` });
  const asCustomer = { db, actor: { kind: "customer", customerId: customer.id } as const, now };
  const eventAt = new Date(Math.floor((now.getTime() + 20 * dayMs) / dayMs) * dayMs + 12 * hourMs);
  const paid = await requestBooking(asCustomer, { chefId: chef.id, eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: `Paris ${marker}`, priceMinor: 90_00, currency: "EUR" });
  await acceptBooking({ db, actor: { kind: "chef", chefId: chef.id }, now }, { bookingId: paid.id });
  await payBooking({ db, actor: systemActor("payment-webhook"), now }, { bookingId: paid.id, amountMinor: 90_00, currency: "EUR" });
  const [close] = await db.scheduledJob.findMany({ where: { subjectType: "booking", subjectId: String(paid.id), status: "pending" } });
  made.deferredJobId = close!.id;
  // Due at an instant nothing else is due at, so the tick runs this job only.
  const early = new Date("2001-01-01T00:00:00Z");
  await db.scheduledJob.update({ where: { id: close!.id }, data: { runAt: early } });
  await tick({ db, catalogue: createCatalogue(marketplaceJobs), now: new Date(early.getTime() + 1000), budgetMs: 20_000, concurrency: 1 });

  // A customer's move request on an accepted booking: the timeline names its proposed time and answer deadline.
  const chef2 = await registerChef(ctx, { name: `Chef two ${marker}`, email: `k2.${marker}@zone.e2e.test` });
  const accepted = await requestBooking(asCustomer, { chefId: chef2.id, eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: `Lyon ${marker}`, priceMinor: 70_00, currency: "EUR" });
  await acceptBooking({ db, actor: { kind: "chef", chefId: chef2.id }, now }, { bookingId: accepted.id });
  await requestMove(asCustomer, { bookingId: accepted.id, eventAt: new Date(eventAt.getTime() + dayMs).toISOString() });
  made.movedBookingId = accepted.id;

  made.disputeId = (await makeDispute(db, { replied: true })).id;

  const sample: Record<string, string> = {
    "/jobs/1": `/jobs/${made.deferredJobId}`,
    "/bookings/1": `/bookings/${made.movedBookingId}`,
    "/disputes/1": `/disputes/${made.disputeId}`,
    "/accounts/1": `/accounts/${made.accountId}`,
    "/agenda": `/agenda?now=${asOf.toISOString()}`,
    "/overview": `/overview?now=${asOf.toISOString()}`,
  };
  const paths = [...appPagePaths().map((path) => sample[path] ?? path), `/jobs/${made.pingId}`, "/audit?record=scheduled_job%3A" + made.pingId];
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    const problems = await timesNotInZone(page);
    if (problems.length > 0) found[path] = problems;
  }
  expect(found).toEqual({});

  // And the data above is really on those pages, in the zone: the checks had something to check.
  await page.goto(`/agenda?now=${asOf.toISOString()}`);
  await expect(page.getByRole("table", { name: "Late" }).getByRole("row", { name: new RegExp(`booking:${marker}-late`) })).toContainText(
    "2027-06-14 14:15:00 Asia/Kathmandu (+05:45)",
  );
  await expect(page.locator("p", { hasText: "Pending jobs from" })).toContainText("2027-06-14 14:45:00 Asia/Kathmandu (+05:45)");
  await expect(page.getByRole("table", { name: "Accounts to reset" }).getByRole("columnheader", { name: `At (${zone})` })).toBeVisible();
  await page.goto(`/jobs/${made.deferredJobId}`);
  await expect(page.getByText(/is due at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d Asia\/Kathmandu \(\+05:45\), not yet at 2001-01-01 05:45:01 Asia\/Kathmandu \(\+05:45\)/)).toBeVisible();
  await page.goto(`/jobs/${made.pingId}`);
  await expect(page.getByRole("table", { name: "Audit entries" })).toContainText("runAt: 2027-06-14 14:15:00 Asia/Kathmandu (+05:45)");
});

/**
 * Zones IANA has renamed, by the retired name Chromium's ICU lists (as Node's does) and the current
 * one (all 19: lib/validation/zone-names.ts). Asia/Kathmandu, this spec's zone, is one of them.
 */
const renamed: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Europe/Kiev": "Europe/Kyiv",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** The agenda's window as of asOf (09:00 UTC), in Asia/Kolkata (+05:30). */
const windowInKolkata = "2027-06-14 14:30:00 Asia/Kolkata (+05:30)";

async function displayZoneCookie(page: Page): Promise<string | undefined> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === "duly_tz");
  return cookie && decodeURIComponent(cookie.value);
}

test("zone-picker-iana-names: the picker offers IANA's current names, and an old cookie under a retired name shows its current one", async ({ page }) => {
  await page.goto(`/agenda?now=${asOf.toISOString()}`);
  const picker = page.getByRole("combobox", { name: "Times in" });
  await expect(picker).toHaveValue(zone);
  const offered = await picker.locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(Object.keys(renamed).filter((name) => offered.includes(name))).toEqual([]);
  expect(Object.values(renamed).filter((name) => !offered.includes(name))).toEqual([]);
  expect(offered).toEqual([...new Set(offered)].sort());
  expect(offered).toContain("UTC");

  // Picking a current name: the page's times are in it, and the cookie holds it.
  await picker.selectOption("Asia/Kolkata");
  await expect(page.locator("p", { hasText: "Pending jobs from" })).toContainText(windowInKolkata);
  expect(await displayZoneCookie(page)).toBe("Asia/Kolkata");

  // A cookie saved under the retired name (before this fix, or by hand): the same zone, shown and
  // selected under its current name; the cookie is left as it was.
  await page.context().addCookies([{ name: "duly_tz", value: encodeURIComponent("Asia/Calcutta"), url: new URL("/", page.url()).toString() }]);
  await page.reload();
  await expect(page.locator("p", { hasText: "Pending jobs from" })).toContainText(windowInKolkata);
  await expect(picker).toHaveValue("Asia/Kolkata");
  expect(await displayZoneCookie(page)).toBe("Asia/Calcutta");
});

test.describe("a browser whose own zone ICU names by its retired name", () => {
  test.use({ timezoneId: "Asia/Calcutta" });

  test("zone-picker-iana-names: is adopted on the first visit under the current name", async ({ page }) => {
    await page.context().clearCookies({ name: "duly_tz" });
    await page.goto(`/agenda?now=${asOf.toISOString()}`);
    await expect(page.locator("p", { hasText: "Pending jobs from" })).toContainText(windowInKolkata);
    await expect(page.getByRole("combobox", { name: "Times in" })).toHaveValue("Asia/Kolkata");
    expect(await displayZoneCookie(page)).toBe("Asia/Kolkata");
  });
});
