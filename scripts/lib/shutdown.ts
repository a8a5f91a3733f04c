// Ordered shutdown: the steps registered last stop first (for `npm start`: ticker, then the web
// server, then the database). Triggered by Ctrl-C (SIGINT), SIGTERM, SIGHUP (terminal closed),
// or this process losing its parent: `kill <npm pid>` stops npm and its shell but does not pass
// the signal on, and an orphaned server would otherwise keep the ports and the database busy.
// A second signal, a second or more after the first, forces an exit.
type Step = { name: string; stop: () => Promise<void> };

export interface Shutdown {
  /** Registers something to stop; later registrations stop earlier. */
  add(name: string, stop: () => Promise<void>): void;
  /** Stops everything registered, in reverse order, logging failures; never throws. */
  run(): Promise<void>;
  /** True once a signal arrived or run() was called: start-up should stop starting things. */
  readonly requested: boolean;
}

const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

export function createShutdown({ log, onSignalDone }: { log: (line: string) => void; onSignalDone: (reason: string) => void }): Shutdown {
  const steps: Step[] = [];
  let running: Promise<void> | undefined;

  const run = () => {
    running ??= (async () => {
      clearInterval(parentWatch);
      for (const step of [...steps].reverse()) {
        const startedAt = performance.now();
        try {
          await step.stop();
          log(`stopped ${step.name} (${Math.round(performance.now() - startedAt)} ms)`);
        } catch (error) {
          log(`could not stop ${step.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })();
    return running;
  };

  let firstSignalAt = 0;
  const stopFor = (reason: string) => {
    if (running) {
      // The same signal often arrives twice at once (the terminal or Playwright signal the whole
      // process group, and a parent may forward it again): only a later one means "force".
      if (performance.now() - firstSignalAt < 1_000) return;
      log(`${reason} again: exiting now`);
      process.exit(1); // the children's watchdogs (leash.mjs) stop what is left
    }
    firstSignalAt = performance.now();
    log(`${reason}: shutting down`);
    void run().then(() => onSignalDone(reason));
  };
  for (const signal of signals) process.on(signal, stopFor);

  const parentAtStart = process.ppid;
  const parentWatch = setInterval(() => {
    if (process.ppid !== parentAtStart) stopFor("parent process exited");
  }, 1_000);
  parentWatch.unref();

  return {
    add(name, stop) {
      // Started after shutdown began: stop it at once (if the process exits first, the
      // children's watchdogs, leash.mjs, stop them).
      if (running) void running.then(() => stop());
      else steps.push({ name, stop });
    },
    run,
    get requested() {
      return running !== undefined;
    },
  };
}
