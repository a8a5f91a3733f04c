// Waking a staying tick when a job becomes due now, instead of waiting for its next poll.
//
// Scheduling a job due within `notifyWindowMs` sends pg_notify(dueSoonChannel) in the
// scheduling transaction (delivered at commit, dropped on rollback). A staying tick holding a
// session connection (DIRECT_URL: LISTEN does not work through a transaction-mode pooler)
// listens and wakes its idle lanes at once; without one it polls every `pollMs`. The poll
// stays as the fallback either way, so a lost notification costs at most one poll.
import pg from "pg";

export const dueSoonChannel = "duly_jobs_due";
/** Jobs due within this long of their scheduling notify listeners (>= the listening poll). */
export const notifyWindowMs = 1000;

export interface WakeUp {
  /** A counter that moves on every notification: read it before looking for work. */
  readonly sequence: number;
  /**
   * Resolves after `ms`, or as soon as a notification arrives (at once if one arrived since
   * `since` was read).
   */
  wait(ms: number, since: number): Promise<void>;
  /** Whether a LISTEN connection is up (else: polling only). */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** A wake-up source that only sleeps: polling. */
export function pollingWakeUp(): WakeUp {
  return {
    sequence: 0,
    listening: false,
    wait: (ms) => sleep(ms),
    close: async () => {},
  };
}

/**
 * LISTENs on a session connection of its own. Never throws: when the connection cannot be made
 * or dies, `onError` hears why and waiting falls back to plain sleeps.
 */
export async function listeningWakeUp(url: string, onError: (message: string) => void): Promise<WakeUp> {
  let sequence = 0;
  let listening = false;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    sequence += 1;
    for (const wake of waiters) wake();
    waiters.clear();
  };
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: "duly-listener" });
  client.on("error", (error) => {
    if (listening) onError(`the LISTEN connection failed (${error.message}); polling instead`);
    listening = false;
    wakeAll(); // waiters re-check at once rather than sleep through what they might have heard
  });
  client.on("notification", wakeAll);
  try {
    await client.connect();
    await client.query(`LISTEN ${dueSoonChannel}`);
    listening = true;
  } catch (error) {
    onError(`could not LISTEN for due jobs (${(error as Error).message}); polling instead`);
    await client.end().catch(() => {});
  }
  return {
    get sequence() {
      return sequence;
    },
    get listening() {
      return listening;
    },
    wait(ms, since) {
      if (sequence !== since) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiters.add(done);
      });
    },
    async close() {
      listening = false;
      wakeAll();
      await client.end().catch(() => {});
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
