// Status changes as data: each model lists its allowed changes once (bookings/booking-status.ts,
// ...), and every UPDATE that makes one carries its `from` list in its WHERE clause, so two
// racing changes cannot both apply: the second matches no row. These helpers turn "no row"
// into a refusal that names the record's current state.
import { DulyError, ErrorCode } from "../errors.ts";

export interface Transition<Status extends string> {
  from: readonly Status[];
  to: Status;
}

export type TransitionTable<Status extends string> = Record<string, Transition<Status>>;

/** Every (from, to) pair a table allows, for tests and docs. */
export function edgesOf<Status extends string>(table: TransitionTable<Status>): Array<[Status, Status]> {
  const edges = new Map<string, [Status, Status]>();
  for (const { from, to } of Object.values(table)) for (const f of from) edges.set(`${f}->${to}`, [f, to]);
  return [...edges.values()];
}

export function refuseTransition(record: string, current: string, action: string, from: readonly string[]): never {
  throw new DulyError(
    ErrorCode.InvalidState,
    `${record} is ${current}; ${action} applies only to ${from.length === 1 ? "one that is" : "one that is one of"} ${from.join(", ")}`,
  );
}

export function notFound(record: string): never {
  throw new DulyError(ErrorCode.NotFound, `${record} does not exist`);
}
