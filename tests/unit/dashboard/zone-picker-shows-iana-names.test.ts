// The header's zone picker offers IANA's current zone names. Node 20's ICU (and Chromium's) lists
// 19 zones by names IANA has retired (Asia/Calcutta, Europe/Kiev, America/Buenos_Aires, ...), so
// the picker showed those and not Asia/Kolkata, Europe/Kyiv, America/Argentina/Buenos_Aires
// (found by a hostile tester). The retired names stay valid input: old cookies, stored rows and
// API callers still send them, and a zone is kept as it was given.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { describe, expect, it } from "vitest";
import { ZonePicker } from "../../../components/zone-picker.tsx";
import { zoneFromCookie } from "../../../app/_lib/display-zone.ts";
import { isTimeZone, timeZone } from "../../../lib/validation/fields.ts";
import { sameZone } from "../../../lib/validation/zone-names.ts";
import { localPartsOf } from "../../../lib/time/zoned-time.ts";

/**
 * The names Node 20's ICU (78, tzdata 2025) lists that are not in IANA's zone.tab, each with the
 * name zone.tab gives the same place (found by comparing Intl.supportedValuesOf("timeZone") with
 * /usr/share/zoneinfo/zone.tab; ICU resolves each current name to the retired one).
 */
const retiredToCurrent: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};
const retired = Object.keys(retiredToCurrent);
const current = Object.values(retiredToCurrent);

/** A router that goes nowhere: rendering never navigates (the picker's effect does not run on the server). */
const router: AppRouterInstance = { back() {}, forward() {}, refresh() {}, push() {}, replace() {}, prefetch() {}, bfcacheId: "unit" };

/** The picker as the layout renders it: its options' values, and the selected one. */
function renderPicker(zone: string): { options: string[]; selected: string[] } {
  const html = renderToStaticMarkup(createElement(AppRouterContext.Provider, { value: router }, createElement(ZonePicker, { zone, chosen: true })));
  const options = [...html.matchAll(/<option([^>]*)>/g)].map((match) => ({ attributes: match[1]!, value: /value="([^"]*)"/.exec(match[1]!)![1]! }));
  return { options: options.map((option) => option.value), selected: options.filter((option) => / selected=""/.test(option.attributes)).map((option) => option.value) };
}

describe("the zone picker", () => {
  it("offers IANA's current names, never a retired one, sorted and each once", () => {
    const { options, selected } = renderPicker("Europe/Berlin");
    expect(options.filter((name) => retired.includes(name))).toEqual([]);
    expect(current.filter((name) => !options.includes(name))).toEqual([]);
    expect(options).toEqual([...new Set(options)].sort());
    expect(options.length).toBeGreaterThan(400);
    // UTC too, whatever is chosen: ICU does not list it, and an operator who picked another zone
    // could not go back to the default.
    expect(options).toContain("UTC");
    expect(selected).toEqual(["Europe/Berlin"]);
  });

  it("offers only names the server takes as a display zone", () => {
    const { options } = renderPicker("UTC");
    expect(options.filter((name) => !isTimeZone(name) || zoneFromCookie(name) !== name)).toEqual([]);
  });

  it("shows a display zone saved under a retired name (an old cookie) as its current name, selected", () => {
    for (const [old, now] of Object.entries(retiredToCurrent)) {
      const { options, selected } = renderPicker(old);
      expect(selected, old).toEqual([now]);
      expect(options, old).not.toContain(old);
    }
  });
});

describe("a retired zone name", () => {
  it("names the same zone as its current name: the same offsets from 1970 to 2037", () => {
    const instants = Array.from({ length: 68 * 4 }, (_, index) => new Date(Date.UTC(1970 + Math.floor(index / 4), (index % 4) * 3, 15, 12)));
    for (const [old, now] of Object.entries(retiredToCurrent)) {
      expect(
        instants.filter((instant) => JSON.stringify(localPartsOf(instant, old)) !== JSON.stringify(localPartsOf(instant, now))).map((instant) => instant.toISOString()),
        `${old} / ${now}`,
      ).toEqual([]);
    }
  });

  it("is still a valid zone, kept as given (old rows, old cookies and API callers send it)", () => {
    for (const old of retired) {
      expect(isTimeZone(old), old).toBe(true);
      expect(timeZone.parse(old)).toBe(old);
    }
    for (const now of current) expect(timeZone.parse(now)).toBe(now);
  });

  it("is the same zone as its current name, so a booking page adds no second 'local' line for it", () => {
    expect(sameZone("Asia/Calcutta", "Asia/Kolkata")).toBe(true);
    expect(sameZone("Asia/Kolkata", "Asia/Calcutta")).toBe(true);
    expect(sameZone("Europe/Kiev", "Europe/Kyiv")).toBe(true);
    expect(sameZone("Europe/Paris", "Europe/Paris")).toBe(true);
    expect(sameZone("Asia/Calcutta", "Asia/Dhaka")).toBe(false);
  });

  it("read from the display zone cookie is shown under its current name", () => {
    for (const [old, now] of Object.entries(retiredToCurrent)) expect(zoneFromCookie(old), old).toBe(now);
    expect(zoneFromCookie("Europe/Berlin")).toBe("Europe/Berlin");
    expect(zoneFromCookie("CET")).toBeNull();
  });
});
