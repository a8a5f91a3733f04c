// Ordered shutdown on Ctrl-C / SIGTERM: the steps registered last stop first (ticker, then the
// web server, then the database, for `npm start`). A second signal forces an exit.
type Step = { name: string; stop: () => Promise<void> };

export interface Shutdown {
  /** Registers something to stop; later registrations stop earlier. */
  add(name: string, stop: () => Promise<void>): void;
  /** Stops everything registered, in reverse order, logging failures; never throws. */
  run(): Promise<void>;
  /** True once a signal arrived or run() was called: start-up should stop starting things. */
  readonly requested: boolean;
}

export function createShutdown({ log, onSignalDone }: { log: (line: string) => void; onSignalDone: (signal: NodeJS.Signals) => void }): Shutdown {
  const steps: Step[] = [];
  let running: Promise<void> | undefined;

  const run = () => {
    running ??= (async () => {
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
  const onSignal = (signal: NodeJS.Signals) => {
    if (running) {
      // The same signal often arrives twice at once (the terminal or Playwright signal the whole
      // process group, and a parent may forward it again): only a later one means "force".
      if (performance.now() - firstSignalAt < 1_000) return;
      log(`${signal} again: exiting now`);
      process.exit(1); // the exit hooks of the postgres and next helpers kill what is left
    }
    firstSignalAt = performance.now();
    log(`${signal}: shutting down`);
    void run().then(() => onSignalDone(signal));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  return {
    add(name, stop) {
      // Started after shutdown began: stop it at once (the exit hooks in next-server.ts and
      // embedded-postgres.ts are the backstop if the process exits first).
      if (running) void running.then(() => stop());
      else steps.push({ name, stop });
    },
    run,
    get requested() {
      return running !== undefined;
    },
  };
}
