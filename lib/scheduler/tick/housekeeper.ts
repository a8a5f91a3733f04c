// Housekeeping on its own, beside the lanes. Lanes housekeep at the top of their loop, so while
// every lane is inside a long handler nobody would: the housekeeper then runs it on a connection
// the lanes are not using, and lease recovery and the recurring sweep keep their second. It
// never waits for a lane's connection (a full pool: it skips the round).
import { describeError, toError } from "../describe-error.ts";
import { Lane } from "../lane.ts";
import { housekeepingDue, poolSize, type TickContext } from "./context.ts";
import { housekeepingPhase } from "./housekeeping.ts";
import { addError } from "./summary.ts";

/** The shortest nap between two looks (a housekeeping overdue already, say). */
const minNapMs = 20;

export interface Housekeeper {
  /** Ends the loop once the lanes are done (waking it from its nap) and waits for it. */
  stop(): Promise<void>;
}

export function startHousekeeper(context: TickContext): Housekeeper {
  let stopped = false;
  let wake: () => void = () => {};
  const loop = (async () => {
    while (!stopped && performance.now() < context.deadline) {
      const everyMs = context.settings.housekeepingEveryMs;
      const untilDue = context.housekeeping.lastAt + everyMs - performance.now();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(minNapMs, Math.min(untilDue, everyMs)));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (stopped || !housekeepingDue(context)) continue;
      const { pool } = context;
      if (pool.idleCount === 0 && pool.totalCount >= poolSize(pool)) continue; // never wait for a lane's connection
      await housekeepOnce(context);
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake();
      await loop;
    },
  };
}

async function housekeepOnce(context: TickContext): Promise<void> {
  let lane: Lane | undefined;
  try {
    lane = await Lane.open(context.pool);
    await housekeepingPhase(context, lane, false);
    lane.close();
  } catch (error) {
    addError(context.summary, `housekeeping: ${describeError(error)}`);
    lane?.close(toError(error));
  }
}
