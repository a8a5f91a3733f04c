// The names a zone is shown under. Not which zones are valid: that rule is isTimeZone in
// ./fields.ts, and a retired name passes it.
//
// IANA renames a zone now and then (Asia/Calcutta became Asia/Kolkata, Europe/Kiev Europe/Kyiv)
// and keeps the old name as a link to the new one. ICU keeps the OLD name as its canonical id:
// Intl.supportedValuesOf("timeZone") in Node 20 (ICU 78, tzdata 2025) and in Chromium lists 19
// zones only under names IANA has retired, and resolves the current name to the retired one. A
// zone picker built on that list offered "Asia/Calcutta" and no "Asia/Kolkata" (found by a
// hostile tester). What the picker and the display zone show goes through currentZoneName.
//
// A retired name is still accepted and kept as given wherever a zone is stored (an account, a
// booking, a schedule): both names are the same zone to ICU and to PostgreSQL's AT TIME ZONE, so
// nothing computed from it changes, and an API caller reads back what it sent. Rows and cookies
// holding a retired name are never rewritten; the picker writes current names from now on.

/**
 * Each name ICU lists that is not in IANA's zone.tab, with the name zone.tab gives that zone.
 * Made by comparing Node 20's Intl.supportedValuesOf("timeZone") with /usr/share/zoneinfo/zone.tab
 * (tzdata 2025b); tests/unit/dashboard/zone-picker-shows-iana-names.test.ts checks each pair
 * names the same offsets. A newer ICU that lists the current names makes these unused, not wrong.
 */
const currentNameOfRetired: ReadonlyMap<string, string> = new Map([
  ["Africa/Asmera", "Africa/Asmara"],
  ["America/Buenos_Aires", "America/Argentina/Buenos_Aires"],
  ["America/Catamarca", "America/Argentina/Catamarca"],
  ["America/Coral_Harbour", "America/Atikokan"],
  ["America/Cordoba", "America/Argentina/Cordoba"],
  ["America/Godthab", "America/Nuuk"],
  ["America/Indianapolis", "America/Indiana/Indianapolis"],
  ["America/Jujuy", "America/Argentina/Jujuy"],
  ["America/Louisville", "America/Kentucky/Louisville"],
  ["America/Mendoza", "America/Argentina/Mendoza"],
  ["Asia/Calcutta", "Asia/Kolkata"],
  ["Asia/Katmandu", "Asia/Kathmandu"],
  ["Asia/Rangoon", "Asia/Yangon"],
  ["Asia/Saigon", "Asia/Ho_Chi_Minh"],
  ["Atlantic/Faeroe", "Atlantic/Faroe"],
  ["Europe/Kiev", "Europe/Kyiv"],
  ["Pacific/Enderbury", "Pacific/Kanton"],
  ["Pacific/Ponape", "Pacific/Pohnpei"],
  ["Pacific/Truk", "Pacific/Chuuk"],
]);

/** `zone` under the name IANA uses now: the current name of a retired one, any other name as it is. */
export function currentZoneName(zone: string): string {
  return currentNameOfRetired.get(zone) ?? zone;
}

/**
 * Whether two zone names name one zone (a retired name and its current one do): a booking stored
 * under "Asia/Calcutta" shown in "Asia/Kolkata" needs no second, "local" line with the same time.
 */
export function sameZone(a: string, b: string): boolean {
  return currentZoneName(a) === currentZoneName(b);
}

/**
 * The zones a picker offers: the runtime's list (`listed`, Intl.supportedValuesOf("timeZone"))
 * under current names, UTC (the default, which ICU does not list: without it an operator who
 * picked another zone could not go back), and `chosen` (so the picker can show whatever the
 * operator's cookie holds), sorted, each once.
 */
export function zonesToOffer(listed: readonly string[], chosen: string): string[] {
  const names = new Set([...listed, "UTC", chosen].map(currentZoneName));
  return [...names].sort();
}
