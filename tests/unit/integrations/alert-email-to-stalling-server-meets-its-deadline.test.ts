// A real SMTP server (smtp-server) that answers every command, each a little under the socket
// timeout: no single wait is long enough for nodemailer's per-exchange timeouts, so an alert
// email took the sum of them (MAIL, RCPT, DATA: here 3 × 1.2 s against a 2 s timeout; with the
// 10 s default, about a minute, past the delivery job's lease of timeout + 20 s, when another
// process may run it again and send the email twice). The email now has one deadline for
// everything (connection, greeting, every exchange): past it the send is abandoned and fails, and
// the engine retries it.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendAlertEmail } from "../../../lib/alerts/send-email.ts";

const timeoutMs = 2_000;
/** Each stall is well under the timeout, so only a deadline over the whole send can end it. */
const stallMs = 1_200;
let server: SMTPServer;
let port = 0;
const received: string[] = [];

const stall = (callback: () => void) => setTimeout(callback, stallMs);

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom: (_address, _session, callback) => stall(() => callback()),
    onRcptTo: (_address, _session, callback) => stall(() => callback()),
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => stall(() => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("an alert email to an SMTP server that stalls at every step", () => {
  it("fails at its one deadline instead of taking the sum of the per-step timeouts", async () => {
    await expect(
      sendAlertEmail(`smtp://127.0.0.1:${port}`, { from: "duly@ops.test", to: "oncall@ops.test", subject: "s", text: "t" }, timeoutMs),
    ).rejects.toThrow(`the SMTP server at 127.0.0.1:${port} did not take the alert email within ${timeoutMs} ms`);
  }, 30_000);
});
