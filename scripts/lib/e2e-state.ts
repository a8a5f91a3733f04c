// Where the e2e server tells the tests which database it serves, so fixtures can create their
// own rows in it. (Playwright's test workers do not inherit the web server's environment.)
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface E2eServerState {
  /** The app's DATABASE_URL: through PgBouncer in the PgBouncer pass. */
  databaseUrl: string;
  /** A direct connection to the same database (the app's DIRECT_URL). */
  directUrl: string;
  baseURL: string;
  pid: number;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export const e2eStateFile = process.env.DULY_E2E_STATE ?? path.join(root, ".data", "e2e-server.json");

/** The e2e server's CRON_SECRET; only ever used against that throwaway server. */
export const e2eCronSecret = "e2e-secret-0123456789abcdef";

/** The e2e server's BETTER_AUTH_SECRET: fixtures sign session cookies with it. */
export const e2eAuthSecret = "e2e-auth-secret-0123456789abcdef0123456789";

/** The e2e server's DULY_PAYMENT_WEBHOOK_SECRET: tests sign payment events with it. */
export const e2ePaymentWebhookSecret = "e2e-payment-webhook-secret-0123456789abcdef";
