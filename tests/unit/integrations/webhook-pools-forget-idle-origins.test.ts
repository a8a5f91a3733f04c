// Hostile (decision 0040, a keep-alive pool per receiver origin): lib/webhooks/send.ts kept every
// origin's http.Agent in a module-level map for the life of the process, never removed. Every
// origin a webhook or alert URL ever named (endpoints created and deleted, a URL changed, a
// receiver that moves between ports, a customer trying hosts) added one for good: a process that
// ticks for weeks grows without bound. A pool whose connections have all closed holds nothing
// worth keeping; it must be forgotten (a later POST makes a new one).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeWebhookConnections, sendWebhook, webhookPools } from "../../../lib/webhooks/send.ts";

const options = { allowPrivate: true, timeoutMs: 10_000 };
const servers: http.Server[] = [];

async function receiver(): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(204).end());
  });
  server.keepAliveTimeout = 60_000; // the receiver keeps connections: the test closes them
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Until the client side has seen every connection close (no clock: the pools say it). */
async function untilNoConnections(): Promise<void> {
  while (webhookPools().connections > 0) await new Promise((resolve) => setTimeout(resolve, 10));
}

afterEach(async () => {
  closeWebhookConnections();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

describe("webhook connection pools", () => {
  it("forgets an origin's pool once its connections have closed: 40 origins come and go, one pool is left", async () => {
    for (let i = 0; i < 40; i++) {
      const { url, server } = await receiver();
      expect(await sendWebhook(`${url}/hook`, {}, "{}", options)).toMatchObject({ ok: true, statusCode: 204 });
      server.closeAllConnections(); // the receiver goes away (or closes its idle connection)
    }
    await untilNoConnections();
    const last = await receiver();
    expect(await sendWebhook(`${last.url}/hook`, {}, "{}", options)).toMatchObject({ ok: true, statusCode: 204 });
    expect(webhookPools()).toEqual({ origins: 1, connections: 1 });
  });

  it("keeps using an origin's pool while it has a connection: the second POST reuses the first's connection", async () => {
    const { url, server } = await receiver();
    const opened: unknown[] = [];
    server.on("connection", (socket) => opened.push(socket));
    for (let i = 0; i < 3; i++) expect(await sendWebhook(`${url}/hook/${i}`, {}, "{}", options)).toMatchObject({ ok: true });
    expect({ opened: opened.length, pools: webhookPools() }).toEqual({ opened: 1, pools: { origins: 1, connections: 1 } });
  });
});
