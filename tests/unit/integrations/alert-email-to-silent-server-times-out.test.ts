// An SMTP server that accepts the connection and never greets (or a firewall that swallows
// it): the alert email must fail within its timeout so the engine retries it, not hold the
// delivery's transaction for nodemailer's defaults (30 s greeting, 10 min socket). The
// timeouts were passed as nodemailer's second argument, which is per-message defaults, not
// transport options, so they were ignored.
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendAlertEmail } from "../../../lib/alerts/send-email.ts";

let server: Server;
let port = 0;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = createServer((socket) => sockets.push(socket)); // accepts, says nothing
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe("an alert email to a server that never greets", () => {
  it("fails within its timeout", async () => {
    const started = Date.now();
    await expect(sendAlertEmail(`smtp://127.0.0.1:${port}`, { from: "duly@ops.test", to: "oncall@ops.test", subject: "s", text: "t" }, 300)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);
});
