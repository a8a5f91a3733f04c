// A webhook receiver for race tests: it answers 500 to every request, and holds the answer to a
// request whose path the test chose until the test releases it. A held answer keeps the sender's
// transaction (an attempt or a batch) holding its delivery's row: the interleaving the race
// tests set up, however long the machine takes to get there.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FailingReceiver {
  /** Its origin, http://127.0.0.1:<port>, without a path. */
  origin: string;
  /** Settles when the next request has arrived (whole body read). Call before starting the sender. */
  nextArrival(): Promise<void>;
  /** Answers the held request, if any, with its 500. Safe to call twice. */
  release(): void;
  close(): Promise<void>;
}

/** `holds(path)`: whether a request to that path waits for release() (default: every request). */
export async function startFailingReceiver(holds: (path: string) => boolean = () => true): Promise<FailingReceiver> {
  let held: (() => void) | undefined;
  let arrived: () => void = () => {};
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const answer = () => response.writeHead(500, { "Content-Type": "text/plain" }).end("broken");
      if (holds(request.url ?? "/")) held = answer;
      else answer();
      arrived();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    nextArrival: () => new Promise<void>((resolve) => (arrived = resolve)),
    release() {
      const answer = held;
      held = undefined;
      answer?.();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Waits for `arrival` (the sender's request reached the receiver, which now holds it), failing
 * at once if `sender` settles first: it ended before sending, so the race was never set up.
 */
export async function untilArrived(arrival: Promise<void>, sender: Promise<unknown>, what: string): Promise<void> {
  await Promise.race([arrival, sender.then(() => Promise.reject(new Error(`${what} ended before its request arrived`)))]);
}
