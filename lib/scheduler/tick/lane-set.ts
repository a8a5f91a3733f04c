// The lanes of one tick: the first starts on the connection of the first housekeeping and stays
// for the whole budget; another starts whenever a lane finds a backlog (a full claim) or the
// recurring sweep enqueues work, up to the tick's concurrency and never more than the pool has
// connections (no engine path needs a second connection while holding one).
import type { Lane } from "../lane.ts";
import type { LaneStart } from "./lane-loop.ts";

export class LaneSet {
  readonly #lanes: Array<Promise<void>> = [];
  #active = 0;

  constructor(
    /** Most lanes running at once. */
    private readonly maxLanes: number,
    /** Lanes are named `<tickId>/<n>`, n counting from 0 in the order they start. */
    private readonly tickId: string,
    private readonly runLane: (start: LaneStart) => Promise<void>,
  ) {}

  /** Starts a lane (on `lane`, or on a connection it checks out itself) if there is room. */
  spawn(lane: Lane | null): void {
    if (this.#active >= this.maxLanes) return;
    this.#active += 1;
    const index = this.#lanes.length;
    this.#lanes.push(this.runLane({ lane, primary: index === 0, claimer: `${this.tickId}/${index}` }).finally(() => (this.#active -= 1)));
  }

  /** Resolves once every lane has ended, including lanes started by lanes meanwhile. */
  async settled(): Promise<void> {
    for (let awaited = 0; awaited < this.#lanes.length; ) {
      const count = this.#lanes.length;
      await Promise.allSettled(this.#lanes.slice(0, count));
      awaited = count;
    }
  }
}
