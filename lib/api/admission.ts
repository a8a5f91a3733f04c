// Admission to the API's connection pool: at most `concurrent` requests work at once (one pool
// connection each, so none waits inside the pool), up to `maxWaiting` more wait their turn in
// arrival order for at most `maxWaitMs`, then get 503 SERVER_BUSY with Retry-After; beyond
// `maxWaiting` a request is refused at once. A saturated API answers honestly instead of piling
// requests onto the pool until Prisma's transaction wait runs out and they fail as 500s; and
// since the engine's tick has a pool of its own (lib/db/client.ts, getEngineDb), saturation here
// never takes a connection a deadline needs (docs/decisions/0025). The queue is long on purpose:
// an instant refusal comes straight back from a client that ignores Retry-After, and a loop of
// those keeps the process's CPU busy; a waiting request costs a timer.
import { ApiError, ApiErrorCode } from "./errors.ts";

export interface AdmissionLimits {
  /** Requests working at once: the API pool's size. */
  concurrent: number;
  /** Requests that may wait for a turn; one more is refused at once. */
  maxWaiting: number;
  /** How long a request waits for its turn before it is refused. */
  maxWaitMs: number;
}

interface Waiter {
  admit(): void;
}

export class AdmissionGate {
  #working = 0;
  readonly #waiting: Waiter[] = [];

  constructor(readonly limits: AdmissionLimits) {}

  /** Requests working now and waiting now (for tests and logs). */
  get load(): { working: number; waiting: number } {
    return { working: this.#working, waiting: this.#waiting.length };
  }

  /**
   * Runs `work` once admitted, and lets the next request in when it settles. Throws
   * ApiError(SERVER_BUSY) without running it when the queue is full or the wait runs out.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.#enter();
    try {
      return await work();
    } finally {
      this.#leave();
    }
  }

  #enter(): Promise<void> {
    if (this.#working < this.limits.concurrent) {
      this.#working += 1;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.limits.maxWaiting) {
      return Promise.reject(busy(`${this.limits.maxWaiting} requests are already waiting for a database connection`));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
        reject(busy(`no database connection came free within ${this.limits.maxWaitMs} ms`));
      }, this.limits.maxWaitMs);
      this.#waiting.push(waiter);
    });
  }

  #leave(): void {
    // The turn passes straight to the longest waiter: the working count stays as it is.
    const next = this.#waiting.shift();
    if (next) next.admit();
    else this.#working -= 1;
  }
}

function busy(why: string): ApiError {
  return new ApiError(ApiErrorCode.ServerBusy, `the API is at capacity (${why}); nothing was done: retry after the Retry-After seconds`);
}

// One gate per process, parked on globalThis: Next bundles a module once per route, and every
// route must share the one pool's gate (as they share the pool, lib/db/client.ts).
const gateKey = Symbol.for("duly.apiAdmission");
type WithGate = { [gateKey]?: AdmissionGate };

/** The process's API gate, made on first use with `limits`. */
export function apiAdmission(limits: () => AdmissionLimits): AdmissionGate {
  const holder = globalThis as WithGate;
  holder[gateKey] ??= new AdmissionGate(limits());
  return holder[gateKey];
}
