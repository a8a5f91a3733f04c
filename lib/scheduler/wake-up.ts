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
  /** Sends a notification from another connection (the app's own pool): the self-test. */
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
  try {
    await client.connect();
    await client.query(`LISTEN ${dueSoonChannel}`);
    // Through a transaction-mode pooler LISTEN "works" but nothing arrives (the session that
    // listened serves others between transactions): check with a notification sent the way
    // the app sends them, and poll at the normal rate instead of trusting a deaf listener.
    if (!(await hears(client, notifyFromElsewhere))) {
      onError("LISTEN on this URL hears nothing (a transaction-mode pooler? set DIRECT_URL to a direct connection); polling instead");
      await client.end().catch(() => {});
    } else {
      listening = true;
    }
  } catch (error) {
    onError(`could not LISTEN for due jobs (${(error as Error).message}); polling instead`);
    await client.end().catch(() => {});
  }
  return {
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
}

const selfTestMs = 1_000;

async function hears(client: pg.Client, notify: (channel: string, payload: string) => Promise<unknown>): Promise<boolean> {
  const marker = `duly:self-test:${Math.random().toString(36).slice(2)}`;
  let heard: () => void = () => {};
  const arrived = new Promise<boolean>((resolve) => {
    heard = () => resolve(true);
    setTimeout(() => resolve(false), selfTestMs);
  });
  const onNotification = (message: pg.Notification) => {
    if (message.payload === marker) heard();
  };
  client.on("notification", onNotification);
  try {
    await notify(dueSoonChannel, marker);
    return await arrived;
  } finally {
    client.removeListener("notification", onNotification);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
