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
/** The LISTEN self-test: how long a notification may take to arrive after its transaction committed. */
const selfTestMs = 1_000;

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
  /** Ends every wait at once (the tick is stopping). */
  wakeNow(): void;
  close(): Promise<void>;
}

/** Sleeps that can be cut short, and a counter of the times they were. */
function waiters() {
  let sequence = 0;
  const pending = new Set<() => void>();
  return {
    get sequence() {
      return sequence;
    },
    wakeAll() {
      sequence += 1;
      for (const wake of pending) wake();
      pending.clear();
    },
    wait(ms: number, since: number): Promise<void> {
      if (sequence !== since) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          pending.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        pending.add(done);
      });
    },
  };
}

/** A wake-up source that only sleeps: polling. */
export function pollingWakeUp(): WakeUp {
  const sleeps = waiters();
  return {
    get sequence() {
      return sleeps.sequence;
    },
    listening: false,
    wait: (ms, since) => sleeps.wait(ms, since),
    wakeNow: () => sleeps.wakeAll(),
    close: async () => {},
  };
}

/**
 * LISTENs on a session connection of its own. Never throws: when the connection cannot be made
 * or dies, `onError` hears why and waiting falls back to plain sleeps.
 */
export async function listeningWakeUp(
  url: string,
  onError: (message: string) => void,
  /**
   * Sends a notification the way the app sends them (through DATABASE_URL): the self-test. Give
   * it a connection the caller already holds (the tick's first lane), not a pool's: waiting for a
   * busy pool is no verdict on the listener.
   */
  notifyFromElsewhere: (channel: string, payload: string) => Promise<unknown>,
): Promise<WakeUp> {
  let listening = false;
  const sleeps = waiters();
  const wakeAll = () => sleeps.wakeAll();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: "duly-listener" });
  client.on("error", (error) => {
    if (listening) onError(`the LISTEN connection failed (${error.message}); polling instead`);
    listening = false;
    wakeAll(); // waiters re-check at once rather than sleep through what they might have heard
  });
  client.on("notification", wakeAll);
  const wakeUp: WakeUp = {
    get sequence() {
      return sleeps.sequence;
    },
    get listening() {
      return listening;
    },
    wait: (ms, since) => sleeps.wait(ms, since),
    wakeNow: wakeAll,
    async close() {
      listening = false;
      wakeAll();
      await client.end().catch(() => {});
    },
  };
  try {
    await client.connect();
    await client.query(`LISTEN ${dueSoonChannel}`);
  } catch (error) {
    onError(`could not LISTEN on the listener's URL (DIRECT_URL): ${(error as Error).message}; polling instead`);
    await client.end().catch(() => {});
    return wakeUp;
  }
  // Through a transaction-mode pooler LISTEN "works" but nothing arrives (the session that
  // listened serves others between transactions): check with a notification sent the way the
  // app sends them, and poll at the normal rate instead of trusting a deaf listener.
  const verdict = await selfTest(client, notifyFromElsewhere);
  if (verdict.heard) {
    listening = true;
  } else if (verdict.unsent !== undefined) {
    // Nothing was learnt about the listener: keep it (a notification it hears still wakes the
    // tick), but poll at the normal rate as if it were deaf.
    onError(`the LISTEN self-test could not send its notification (${verdict.unsent}), so the listener is not judged: it stays connected, and the tick polls at the normal rate`);
  } else {
    onError(
      `LISTEN on the listener's URL (DIRECT_URL) heard nothing within ${selfTestMs} ms of a committed notification: ` +
        "it reaches a transaction-mode pooler, not a session of its own (or another database than DATABASE_URL); " +
        "set DIRECT_URL to a direct or session-mode connection to the same database; polling instead",
    );
    await client.end().catch(() => {});
  }
  return wakeUp;
}

type SelfTestVerdict = { heard: true; unsent?: undefined } | { heard: false; unsent?: string };

/**
 * Sends a marked notification and listens for it on `client`. The wait is timed from the
 * notification's commit (when PostgreSQL delivers it), so however long sending took (a busy
 * server, a slow network) the listener is judged on delivery alone.
 */
async function selfTest(client: pg.Client, notify: (channel: string, payload: string) => Promise<unknown>): Promise<SelfTestVerdict> {
  const marker = `duly:self-test:${Math.random().toString(36).slice(2)}`;
  let heard = false;
  let onHeard = () => {};
  const onNotification = (message: pg.Notification) => {
    if (message.payload !== marker) return;
    heard = true;
    onHeard();
  };
  client.on("notification", onNotification);
  try {
    try {
      await notify(dueSoonChannel, marker);
    } catch (error) {
      return { heard: false, unsent: error instanceof Error ? error.message : String(error) };
    }
    if (!heard) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, selfTestMs);
        onHeard = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return heard ? { heard: true } : { heard: false };
  } finally {
    client.removeListener("notification", onNotification);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
