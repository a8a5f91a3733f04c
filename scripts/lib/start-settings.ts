// What `npm start` needs to know before it starts anything: its own settings (ports, ticker,
// demo data, where its files go) and the app's settings exactly as Next will receive them,
// both checked up front so a bad value stops start-up with one clear message instead of a
// half-started stack or a server that fails on its first request.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { parseSettings, SettingsError, type Settings } from "../../lib/settings.ts";
import { describeIssues } from "../../lib/validation/describe-issues.ts";
import { embeddedPostgresUrl } from "./embedded-postgres.ts";

const port = z.coerce.number().int().min(1).max(65_535);
const flag = z.enum(["0", "1"], { error: 'expected "0" or "1"' });

/** npm start's own settings; the app's (DATABASE_URL, CRON_SECRET, ...) are lib/settings.ts's. */
const startSchema = z.object({
  DATABASE_URL: z.string().optional(),
  PORT: port.default(3000),
  PGPORT_EMBEDDED: port.default(54_320),
  DULY_TICK_INTERVAL_MS: z.coerce.number().int().min(100).default(10_000),
  DULY_TICKER: flag.default("1"),
  /** Unset: demo data into the embedded database only. "1": also into DATABASE_URL. */
  DULY_SEED: flag.optional(),
  DULY_TIME_TRAVEL: flag.optional(),
  /** Where npm start keeps the embedded cluster, its log and the generated cron secret. */
  DULY_DATA_DIR: z.string().optional(),
});

/** The database name npm start uses on its embedded server. */
export const embeddedDatabaseName = "duly";

export interface StartPlan {
  port: number;
  /** Set when npm start runs its own PostgreSQL (DATABASE_URL unset). */
  embedded: { port: number; dataDir: string; logFile: string } | undefined;
  dataDir: string;
  databaseUrl: string;
  /**
   * A session connection to the same database, for migrations (they hold a session advisory
   * lock): DIRECT_URL when DATABASE_URL is a transaction pooler (docs/deploy.md), else DATABASE_URL.
   */
  directUrl: string;
  ticker: { intervalMs: number } | undefined;
  seed: { wanted: boolean; why: string };
  /** The cron route's secret, given or generated. */
  cronSecret: string;
  /** Set when generated for this run (not given in the environment): write it where a developer finds it. */
  generatedCronSecret: string | undefined;
  /** The app's settings as parsed from `nextEnv`, i.e. as Next will parse them. */
  app: Settings;
  /** The environment handed to `next start`. */
  nextEnv: NodeJS.ProcessEnv;
}

export type StartPlanResult = { ok: true; plan: StartPlan } | { ok: false; errors: string[] };

/**
 * Demo data (and, with the marketplace, fake bookings and a printed API key) must never land in
 * a real database by accident: only the embedded one gets it by default; DATABASE_URL needs an
 * explicit DULY_SEED=1.
 */
export function demoSeedDecision(embedded: boolean, seedFlag: "0" | "1" | undefined): { wanted: boolean; why: string } {
  if (seedFlag === "0") return { wanted: false, why: "DULY_SEED=0" };
  if (seedFlag === "1") return { wanted: true, why: embedded ? "DULY_SEED=1" : "DULY_SEED=1 asks for it in DATABASE_URL" };
  return embedded
    ? { wanted: true, why: "embedded database; DULY_SEED=0 turns it off" }
    : { wanted: false, why: "DATABASE_URL is set; DULY_SEED=1 seeds it there explicitly" };
}

/** Parses `env` into what npm start will do, or every problem with it. Starts nothing. */
export function planStart(env: NodeJS.ProcessEnv, { root }: { root: string }): StartPlanResult {
  // Empty variables count as unset (as in lib/settings.ts).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const errors: string[] = [];
  const parsed = startSchema.safeParse(present);
  if (!parsed.success) errors.push(`bad settings: ${describeIssues(parsed.error, { root: "environment" })}`);
  // Go on with the defaults so one run reports the app's bad settings too.
  const settings = parsed.success ? parsed.data : startSchema.parse({ DATABASE_URL: present.DATABASE_URL });

  const dataDir = path.resolve(root, settings.DULY_DATA_DIR ?? ".data");
  const embedded = settings.DATABASE_URL
    ? undefined
    : { port: settings.PGPORT_EMBEDDED, dataDir: path.join(dataDir, "postgres"), logFile: path.join(dataDir, "postgres.log") };
  const databaseUrl = settings.DATABASE_URL ?? embeddedPostgresUrl(settings.PGPORT_EMBEDDED, embeddedDatabaseName);
  // The embedded server is reached directly; a DIRECT_URL meant for another server must not apply.
  const directUrl = embedded ? databaseUrl : (present.DIRECT_URL ?? databaseUrl);
  // A local demo may look at the agenda as of any instant; a real database only when asked.
  const timeTravel = settings.DULY_TIME_TRAVEL ?? (embedded ? "1" : "0");
  const cronSecret = present.CRON_SECRET ?? randomBytes(24).toString("base64url");
  const generatedCronSecret = present.CRON_SECRET ? undefined : cronSecret;
  // The dashboard's session secret: generated per run when unset (signing in again after a
  // restart is the only cost), like the cron secret.
  const authSecret = present.BETTER_AUTH_SECRET ?? randomBytes(32).toString("base64url");

  const nextEnv: NodeJS.ProcessEnv = {
    ...env,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    DIRECT_URL: directUrl,
    CRON_SECRET: cronSecret,
    BETTER_AUTH_SECRET: authSecret,
    DULY_TIME_TRAVEL: timeTravel,
  };
  let app: Settings | undefined;
  try {
    app = parseSettings(nextEnv);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    errors.push(error.message);
  }
  if (!app || errors.length > 0) return { ok: false, errors };

  return {
    ok: true,
    plan: {
      port: settings.PORT,
      embedded,
      dataDir,
      databaseUrl,
      directUrl,
      ticker: settings.DULY_TICKER === "1" ? { intervalMs: settings.DULY_TICK_INTERVAL_MS } : undefined,
      seed: demoSeedDecision(embedded !== undefined, settings.DULY_SEED),
      cronSecret,
      generatedCronSecret,
      app,
      nextEnv,
    },
  };
}
