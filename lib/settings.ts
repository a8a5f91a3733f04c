// Every setting Duly's app reads from the environment, parsed in one place with zod. A bad value
// stops start-up with one message naming each bad variable; nothing else reads process.env.
// (scripts/ have their own start-up settings such as PORT; they validate these too, early.)
import { z } from "zod";
import { describeIssues } from "./validation/describe-issues.ts";

const flag = z.enum(["0", "1"], { error: 'expected "0" or "1"' });
const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), { error: "expected a postgresql:// connection string" });

/** A duration such as "24h", "90m", "2d" or "30s", as milliseconds (at most a year). */
const duration = z
  .string()
  .regex(/^[0-9]{1,6}(s|m|h|d)$/, { error: 'expected a duration such as "24h", "90m", "2d" or "30s"' })
  .transform((text) => Number(text.slice(0, -1)) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[text.slice(-1) as "s" | "m" | "h" | "d"])
  .refine((ms) => ms >= 1_000 && ms <= 365 * 86_400_000, { error: "must be between 1s and 365d" });

const schema = z.object({
  /** The database the app queries. Behind a transaction-mode pooler (PgBouncer, Neon, Supabase) in production. */
  DATABASE_URL: postgresUrl,
  /**
   * A direct (session) connection to the same database: migrations (they hold a session advisory
   * lock) and the staying tick's LISTEN. Defaults to DATABASE_URL, which is right when that is
   * not a transaction-mode pooler.
   */
  DIRECT_URL: postgresUrl.optional(),
  /** Bearer secret of GET /api/cron/tick. The route refuses to run without it. */
  CRON_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * Signs and encrypts the dashboard's session cookies (better-auth). Required to serve the
   * dashboard; `npm start` generates one for its embedded demo database. e.g. `openssl rand -hex 32`.
   */
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)").optional(),
  /**
   * The dashboard's public origin, e.g. https://duly.example.com. Sign-in requests must come from
   * it (CSRF); unset, from a page on the host each request was sent to (lib/auth/request-origin.ts).
   */
  BETTER_AUTH_URL: z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }).optional(),
  /**
   * Signs the payment provider's webhook (POST /api/webhooks/payments): HMAC-SHA256 over
   * `<timestamp>.<raw body>`, sent as `Duly-Signature: t=<unix seconds>,v1=<hex>`. The route
   * refuses every event without it. e.g. `openssl rand -hex 32`.
   */
  DULY_PAYMENT_WEBHOOK_SECRET: z.string().min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)").optional(),
  /** Accept ?now= on the cron route and pages (demos and e2e only; never in production). */
  DULY_TIME_TRAVEL: flag.default("0"),
  /** Finished jobs (succeeded, cancelled) older than this many days are pruned daily. */
  DULY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Events (GET /api/v1/events) and finished webhook deliveries older than this many days are pruned hourly. */
  DULY_EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Connections in the app's pool: API requests, pages and dashboard actions. At most this many
   * API requests work at once; the rest wait their turn (DULY_API_QUEUE_*) or get 503 SERVER_BUSY.
   */
  DULY_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  /**
   * Connections in the engine's own pool: the cron tick's lanes, housekeeping and its look for the
   * next due job. Separate from the app's, so requests that saturate the API never take the
   * connections a deadline needs (docs/decisions/0025). A tick runs at most this many lanes.
   */
  DULY_ENGINE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  /**
   * API requests that may wait for a turn when DULY_POOL_SIZE are working; one more gets 503 at
   * once. A memory safety valve, set well above the concurrency expected: a request refused at
   * once comes straight back from a client that ignores Retry-After, and a flood of instant
   * refusals eats the CPU the tick and the working requests need; a waiting one costs a timer.
   */
  DULY_API_QUEUE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(2_000),
  /** How long (ms) an API request waits for its turn before it is answered 503 SERVER_BUSY. */
  DULY_API_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /**
   * Requests per minute an API key may send (a fixed window per key, counted in PostgreSQL so
   * it holds across processes); a key's own `rate_limit_per_minute` overrides it. Then 429
   * RATE_LIMITED with Retry-After (docs/decisions/0030). 6,000: Stripe's 100 a second.
   */
  DULY_API_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(6_000),
  /** Staying ticks LISTEN on DIRECT_URL so a job due now starts at once ("0": poll only). */
  DULY_LISTEN: flag.default("1"),
  /**
   * Name the engine's hot statements (their plans are kept per connection: an idle tick costs
   * a third). "auto": only when DATABASE_URL is the direct connection (no DIRECT_URL, or the
   * same one), since a transaction-mode pooler may lose them between transactions. "1" forces
   * them on (a pooler that supports them, such as PgBouncer 1.21+ with max_prepared_statements).
   */
  DULY_PREPARED_STATEMENTS: z.enum(["auto", "0", "1"]).default("auto"),
  // The marketplace's lifecycle policy (lib/marketplace/policy.ts, docs/marketplace.md).
  /** How long a chef has to accept a booking request before it expires. */
  DULY_ACCEPT_WITHIN: duration.prefault("24h"),
  /** How long a customer has to pay an accepted booking before it is cancelled. */
  DULY_PAY_WITHIN: duration.prefault("12h"),
  /** How long after the event the order completes (unless a dispute is open). */
  DULY_COMPLETE_AFTER: duration.prefault("3h"),
  /** How long after completion the chef is paid (the dispute window). */
  DULY_PAYOUT_AFTER: duration.prefault("48h"),
  /** How long a chef has to reply to a dispute before it is refunded to the customer. */
  DULY_DISPUTE_REPLY_WITHIN: duration.prefault("24h"),
  /** How long a chef has to answer a customer's request to move an agreed event before it lapses. */
  DULY_MOVE_ANSWER_WITHIN: duration.prefault("24h"),
  // Webhooks (lib/webhooks, docs/decisions/0029).
  /** Allow receivers at private, loopback and link-local addresses, and plain http (tests and local development only). */
  DULY_WEBHOOKS_ALLOW_PRIVATE: flag.default("0"),
  /** How long a receiver has to answer a delivery completely; longer counts as a failed attempt. */
  DULY_WEBHOOK_TIMEOUT: duration.prefault("10s"),
  /** An endpoint whose every attempt failed for this long is disabled (and the operators told). */
  DULY_WEBHOOK_DISABLE_AFTER: duration.prefault("3d"),
  // Alerts (lib/alerts, docs/decisions/0036).
  /**
   * Where alert emails go out: smtp://user:password@host:587 or smtps://…:465 (nodemailer's URL).
   * Only from the environment: it carries a password, so the alerts page shows whether it is set
   * and never stores or echoes it.
   */
  DULY_ALERT_SMTP_URL: z.url({ protocol: /^smtps?$/, error: "expected an smtp:// or smtps:// URL" }).optional(),
  /**
   * The heartbeat pinged after every tick (healthchecks.io's convention: the URL on success, the
   * URL + "/fail" on a failed tick). Set here, it wins over the one on the alerts page and is
   * pinged even when the database is down (then with /fail).
   */
  DULY_ALERT_HEARTBEAT_URL: z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }).optional(),
  /** How long a heartbeat ping may take before it is given up (and logged); the tick never waits longer. */
  DULY_ALERT_HEARTBEAT_TIMEOUT: duration.prefault("3s"),
  /** The least notice a booking request, an auction's event or a moved event may have. */
  DULY_MIN_NOTICE: duration.prefault("48h"),
  /** A paid booking the customer cancels at least this long before the event is refunded in full. */
  DULY_FULL_REFUND_NOTICE: duration.prefault("7d"),
  /** Percent refunded when the customer cancels later than that (the rest is paid to the chef). */
  DULY_LATE_CANCEL_REFUND_PERCENT: z.coerce.number().int().min(0).max(100).default(50),
});

export type Settings = z.output<typeof schema>;

export class SettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SettingsError";
  }
}

/** Parses `env` (empty strings count as unset). Throws SettingsError naming every bad variable. */
export function parseSettings(env: Record<string, string | undefined> = process.env): Settings {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    throw new SettingsError(`bad settings: ${describeIssues(parsed.error, { root: "environment" })}`);
  }
  return parsed.data;
}

/** One setting on its own (for code that needs only it, such as the catalogue's retention). */
export function parseSetting<Name extends keyof Settings>(name: Name, env: Record<string, string | undefined> = process.env): Settings[Name] {
  const raw = env[name] === "" ? undefined : env[name];
  const parsed = schema.shape[name].safeParse(raw);
  if (!parsed.success) throw new SettingsError(`bad settings: ${name}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  return parsed.data as Settings[Name];
}

let cached: Settings | undefined;

/** The process's settings, parsed once. */
export function settings(): Settings {
  cached ??= parseSettings();
  return cached;
}

/** Whether the app's pool may name statements (see DULY_PREPARED_STATEMENTS). */
export function preparedStatementsEnabled(s: Settings = settings()): boolean {
  if (s.DULY_PREPARED_STATEMENTS !== "auto") return s.DULY_PREPARED_STATEMENTS === "1";
  return s.DIRECT_URL === undefined || s.DIRECT_URL === s.DATABASE_URL;
}

/**
 * When the running code was built, if it is a build of the app: next.config.js inlines
 * DULY_BUILT_AT into the app's bundle. Null outside one (scripts, tests): such code is not a
 * deployment, and its ticks never change the recurring schedules (decision 0007).
 */
export function buildStamp(): Date | null {
  const stamped = process.env.DULY_BUILT_AT;
  const parsed = stamped ? new Date(stamped) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
}

/** The URL for session work (migrations, LISTEN). */
export function directUrl(s: Settings = settings()): string {
  return s.DIRECT_URL ?? s.DATABASE_URL;
}
