// Webhook connections kept alive (decision 0040): the POSTs to one receiver origin reuse its
// connections instead of opening one each; a connection the receiver closed while it was idle
// costs no failed attempt (the request goes again on a fresh one); a slow receiver's open
// request never makes another wait for a connection; private addresses are still refused.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createCatalogue, tick } from "../../../lib/scheduler/index.ts";
import { deliverWebhookJob } from "../../../jobs/webhooks/deliver.ts";
import { recordEvents, type EventInput } from "../../../lib/events/record-event.ts";
import { createEndpoint } from "../../../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../../../lib/webhooks/options.ts";
import { closeWebhookConnections, sendWebhook } from "../../../lib/webhooks/send.ts";

const database = useTestDatabase();
const catalogue = createCatalogue([deliverWebhookJob]);
const t0 = new Date("2027-06-07T09:00:00Z");
const options = { allowPrivate: true, timeoutMs: 10_000 };

/** A receiver that counts the connections it was opened, and can close the idle ones. */
interface CountingReceiver {
  url: string;
  connections: Socket[];
  requests: string[];
  /** Requests answered only when released (a slow receiver), by path. */
  held: Array<() => void>;
  server: http.Server;
}

let receiver: CountingReceiver;

async function startCountingReceiver(): Promise<CountingReceiver> {
  const connections: Socket[] = [];
  const requests: string[] = [];
  const held: Array<() => void> = [];
  const requestsOn = new Map<Socket, number>();
  const server = http.createServer((request, response) => {
    requestsOn.set(request.socket, (requestsOn.get(request.socket) ?? 0) + 1);
    request.resume();
    request.on("end", () => {
      requests.push(request.url ?? "/");
      if (request.url === "/hold") return void held.push(() => response.writeHead(204).end());
      // Ends a reused connection without answering (as a receiver closing an idle connection just as a request arrives).
      if (request.url === "/drop-reused" && requestsOn.get(request.socket)! > 1) return void request.socket.destroy();
      response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000; // the receiver keeps connections open; the test closes them when it means to
  server.on("connection", (socket: Socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, connections, requests, held, server };
}

beforeAll(() => setWebhookOptions({ allowPrivate: true, timeoutMs: 10_000 }));
afterAll(() => setWebhookOptions(undefined));
beforeEach(async () => {
  receiver = await startCountingReceiver();
  await emptyTables(database.db, ["events", "webhook_endpoints", "webhook_deliveries", "webhook_attempts", "audit_entries"], { restartIdentity: true });
  await emptyTables(database.db, ["scheduled_jobs", "job_runs"], { restartIdentity: true });
});
afterEach(async () => {
  closeWebhookConnections();
  for (const release of receiver.held) release();
  receiver.server.closeAllConnections();
  await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
});

describe("webhook connections", () => {
  it("reuses one connection for POSTs one after another to the same receiver", async () => {
    for (let i = 0; i < 5; i++) {
      const result = await sendWebhook(`${receiver.url}/ok/${i}`, {}, "{}", options);
      expect(result).toMatchObject({ ok: true, statusCode: 204 });
    }
    expect(receiver.requests).toEqual(["/ok/0", "/ok/1", "/ok/2", "/ok/3", "/ok/4"]);
    expect(receiver.connections).toHaveLength(1);
  });

  it("a connection the receiver closed while idle costs no failed attempt: the POST goes on a fresh one", async () => {
    expect((await sendWebhook(`${receiver.url}/ok/1`, {}, "{}", options)).ok).toBe(true);
    // The receiver ends the idle connection; whether the client has seen it yet or not, the next POST lands.
    receiver.server.closeIdleConnections();
    const again = await sendWebhook(`${receiver.url}/ok/2`, {}, "{}", options);
    expect(again).toMatchObject({ ok: true, statusCode: 204 });
    expect(receiver.requests).toEqual(["/ok/1", "/ok/2"]);
    expect(receiver.connections).toHaveLength(2);
  });

  it("a request that fails on a reused connection before any answer is sent once more, on a fresh connection", async () => {
    expect((await sendWebhook(`${receiver.url}/drop-reused`, {}, "{}", options)).ok).toBe(true);
    const again = await sendWebhook(`${receiver.url}/drop-reused`, {}, "{}", options);
    expect(again).toMatchObject({ ok: true, statusCode: 204 });
    // The first connection's second request was dropped; its resend came on a second connection.
    expect(receiver.requests).toEqual(["/drop-reused", "/drop-reused", "/drop-reused"]);
    expect(receiver.connections).toHaveLength(2);
  });

  it("a receiver's request left unanswered does not hold the next one: it gets a connection of its own", async () => {
    const slow = sendWebhook(`${receiver.url}/hold`, {}, "{}", options);
    await until(() => receiver.held.length === 1);
    expect((await sendWebhook(`${receiver.url}/ok`, {}, "{}", options)).ok).toBe(true);
    expect(receiver.connections).toHaveLength(2);
    receiver.held.shift()!();
    expect((await slow).ok).toBe(true);
  });

  it("still refuses a private address when private addresses are not allowed, on a new connection", async () => {
    expect((await sendWebhook(`${receiver.url}/ok`, {}, "{}", options)).ok).toBe(true);
    const refused = await sendWebhook(`${receiver.url.replace("127.0.0.1", "localhost")}/ok`, {}, "{}", { allowPrivate: false, timeoutMs: 10_000 });
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/private|loopback|refused/i);
    expect(receiver.requests).toEqual(["/ok"]);
  });

  it("deliveries of many events through ticks share a few connections, each event delivered once", async () => {
    await createEndpoint(database.db, "platform", { url: `${receiver.url}/hook`, eventTypes: ["*"] }, t0);
    const events: EventInput[] = Array.from({ length: 12 }, (_, i) => ({
      type: "booking.requested", objectType: "booking", objectId: i + 1, orderingKey: `booking:${i + 1}`, data: { id: i + 1 }, actor: "system:test", audience: [], at: t0,
    }));
    // One event per tick: each delivery claimed alone, one after another.
    for (const [i, event] of events.entries()) {
      await database.db.$transaction((tx) => recordEvents(tx, [event]));
      const summary = await tick({ db: database.db, catalogue, now: new Date(t0.getTime() + i), budgetMs: 60_000, concurrency: 1 });
      expect(summary.errors).toEqual([]);
    }
    const deliveries = await database.db.webhookDelivery.findMany();
    expect(deliveries.map((d) => [d.status, d.attempts])).toEqual(events.map(() => ["delivered", 1]));
    expect(receiver.requests).toHaveLength(12);
    expect(receiver.connections).toHaveLength(1);
  }, 60_000);
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
