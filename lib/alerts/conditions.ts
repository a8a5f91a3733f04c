// What the alerts judge and when they speak (docs/decisions/0036), as plain functions of the
// figures, the thresholds and the clock, so every rule is tested without a database or a timer.
//
// A condition alerts on its way into the bad state, reminds while it stays there no more often
// than the re-notify interval, and says "resolved" once when it clears: a lag that lasts an hour
// is one alert and a reminder, not sixty alerts.

export const conditionNames = ["lag", "dead_jobs", "webhook_failing"] as const;
export type ConditionName = (typeof conditionNames)[number];

export const conditionLabels: Record<ConditionName, string> = {
  lag: "Lag",
  dead_jobs: "Dead jobs",
  webhook_failing: "Failing webhook endpoints",
};

/** A null threshold is off: the condition is never bad (and clears if it was). */
export interface Thresholds {
  lagSeconds: number | null;
  deadJobs: number | null;
  webhookFailingMinutes: number | null;
}

export interface ObservedFigures {
  /** How late the oldest due job (of a known, unpaused type) is; 0 when none is due. */
  lagMs: number;
  deadJobs: number;
  /** Enabled endpoints whose every attempt failed since `failingSince`. */
  failingEndpoints: Array<{ id: number; host: string; failingSince: Date }>;
}

export interface Judgement {
  condition: ConditionName;
  bad: boolean;
  detail: string;
}

export function judge(figures: ObservedFigures, thresholds: Thresholds, now: Date): Judgement[] {
  const lag = thresholds.lagSeconds;
  const dead = thresholds.deadJobs;
  const failingMinutes = thresholds.webhookFailingMinutes;
  const failing =
    failingMinutes === null ? [] : figures.failingEndpoints.filter((e) => now.getTime() - e.failingSince.getTime() >= failingMinutes * 60_000);
  return [
    {
      condition: "lag",
      bad: lag !== null && figures.lagMs >= lag * 1000,
      detail: `the oldest due job is ${spell(figures.lagMs)} late${lag === null ? " (no threshold set)" : ` (threshold ${spell(lag * 1000)})`}`,
    },
    {
      condition: "dead_jobs",
      bad: dead !== null && figures.deadJobs >= dead,
      detail: `${figures.deadJobs} dead job${figures.deadJobs === 1 ? "" : "s"}${dead === null ? " (no threshold set)" : ` (threshold ${dead})`}`,
    },
    {
      condition: "webhook_failing",
      bad: failing.length > 0,
      detail:
        failing.length === 0
          ? `no endpoint failing${failingMinutes === null ? " (no threshold set)" : ` for ${failingMinutes} min or more`}`
          : `${failing.length} endpoint${failing.length === 1 ? "" : "s"} failing for ${failingMinutes} min or more: ` +
            failing.slice(0, 5).map((e) => `#${e.id} (${e.host}) since ${e.failingSince.toISOString()}`).join(", ") +
            (failing.length > 5 ? ", …" : ""),
    },
  ];
}

export interface ConditionState {
  firing: boolean;
  since: Date;
  lastNotifiedAt: Date | null;
}

export type Notice = "firing" | "reminder" | "resolved";

/** The condition's next state, and what (if anything) to tell the destinations. */
export function nextState(stored: ConditionState | undefined, bad: boolean, now: Date, renotifyMs: number): { state: ConditionState; notice: Notice | null } {
  // A state written at a later instant (a time-travelled tick, a clock that was ahead) is taken
  // back to now: otherwise reminders stay silent until the clock catches up with it.
  const previous = stored && inFuture(stored, now) ? { ...stored, since: minDate(stored.since, now), lastNotifiedAt: stored.lastNotifiedAt && minDate(stored.lastNotifiedAt, now) } : stored;
  if (bad && !previous?.firing) return { state: { firing: true, since: now, lastNotifiedAt: now }, notice: "firing" };
  if (bad && previous) {
    const last = previous.lastNotifiedAt ?? previous.since;
    if (now.getTime() - last.getTime() >= renotifyMs) return { state: { ...previous, lastNotifiedAt: now }, notice: "reminder" };
    return { state: previous, notice: null };
  }
  if (previous?.firing) return { state: { firing: false, since: now, lastNotifiedAt: now }, notice: "resolved" };
  return { state: previous ?? { firing: false, since: now, lastNotifiedAt: null }, notice: null };
}

function inFuture(state: ConditionState, now: Date): boolean {
  return state.since > now || (state.lastNotifiedAt !== null && state.lastNotifiedAt > now);
}

const minDate = (a: Date, b: Date) => (a < b ? a : b);

/** The one line a destination receives. */
export function alertMessage(condition: ConditionName, notice: Notice, detail: string, since: Date): string {
  const label = conditionLabels[condition];
  if (notice === "firing") return `[Duly] ALERT: ${label}: ${detail}.`;
  if (notice === "reminder") return `[Duly] STILL FIRING since ${since.toISOString()}: ${label}: ${detail}.`;
  return `[Duly] RESOLVED: ${label}: ${detail}.`;
}

/** "42 s", "7 min 12 s", "3 h 5 min": how late, in words an alert reader takes in at a glance. */
export function spell(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min${seconds % 60 ? ` ${seconds % 60} s` : ""}`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
}
