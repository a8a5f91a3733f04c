// Cron arithmetic for recurring schedules (croner: maintained, IANA time zones, DST-aware).
import { Cron } from "croner";
import { SchedulerError, SchedulerErrorCode } from "./errors.ts";

function parseCron(cron: string, timeZone: string): Cron {
  try {
    const parsed = new Cron(cron, { timezone: timeZone, paused: true });
    parsed.nextRun(new Date(0)); // an unknown time zone only fails when a date is computed
    return parsed;
  } catch (error) {
    throw new SchedulerError(SchedulerErrorCode.InvalidSchedule, `cron "${cron}" in ${timeZone}: ${(error as Error).message}`);
  }
}

/** The first occurrence strictly after `after`. */
export function nextOccurrenceAfter(cron: string, timeZone: string, after: Date): Date {
  const next = parseCron(cron, timeZone).nextRun(after);
  if (!next) throw new SchedulerError(SchedulerErrorCode.InvalidSchedule, `cron "${cron}" never fires after ${after.toISOString()}`);
  return next;
}

/** Occurrences in [from, to], oldest first, at most `cap` of the newest. */
export function occurrencesBetween(cron: string, timeZone: string, from: Date, to: Date, cap: number): Date[] {
  const parsed = parseCron(cron, timeZone);
  const found: Date[] = [];
  let cursor = parsed.nextRun(new Date(from.getTime() - 1));
  while (cursor && cursor <= to) {
    found.push(cursor);
    if (found.length > cap) found.shift();
    cursor = parsed.nextRun(cursor);
  }
  return found;
}

export function validateCron(cron: string, timeZone: string): void {
  parseCron(cron, timeZone);
}
