// npx tsx bench/webhook-http-floor.ts — the CPU one webhook POST costs on this machine, database
// aside: lib/webhooks/send.ts (keep-alive, signed as attempt-delivery.ts signs) against the same
// loopback receiver bench:lifecycle --webhooks uses (a child process answering 204), N requests
// C at a time. Prints CPU milliseconds per request of this process and of the receiver: the
// floor under what a delivery adds to a lifecycle job, whatever the database does. Never part of
// the tests; quoted in bench/RESULTS.md ("Webhook pumps").
//
// Options: --requests N (5000), --concurrency N (8, about a pump's batch in bench:lifecycle).
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { sendWebhook, closeWebhookConnections } from "../lib/webhooks/send.ts";
import { signWebhook } from "../lib/webhooks/signing.ts";
import { load1 } from "./lib/machine.ts";

const { values: args } = parseArgs({ options: { requests: { type: "string", default: "5000" }, concurrency: { type: "string", default: "8" } } });
const requests = Number(args.requests);
const concurrency = Number(args.concurrency);

/** User + system CPU seconds of a process, from /proc (the receiver is not this process). */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

const source = `const http = require("node:http");
  const server = http.createServer((req, res) => { req.resume(); req.on("end", () => res.writeHead(204).end()); });
  server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
const port = await new Promise<string>((resolve) => child.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString().trim())));
const url = `http://127.0.0.1:${port}/hook`;
const body = JSON.stringify({ id: "12345", type: "booking.paid_out", objectType: "booking", objectId: 42, data: { id: 42, status: "paid_out", priceMinor: 12000, currency: "EUR" }, actor: "system:payout", createdAt: new Date().toISOString() });
const options = { allowPrivate: true, timeoutMs: 10_000 };
const post = () => sendWebhook(url, {
  "Content-Type": "application/json", "User-Agent": "Duly-Webhooks/1", "Duly-Signature": signWebhook(["whsec_test"], Math.floor(Date.now() / 1000), body),
  "Duly-Event-Id": "12345", "Duly-Event-Type": "booking.paid_out", "Duly-Delivery-Id": "1",
}, body, options);

// Warm-up (JIT, the pool's connections), then measured.
for (let i = 0; i < 500; i += concurrency) await Promise.all(Array.from({ length: concurrency }, post));
const own = process.cpuUsage();
const receiverBefore = await cpuSeconds(child.pid!);
const started = performance.now();
let failed = 0;
for (let i = 0; i < requests; i += concurrency) {
  const results = await Promise.all(Array.from({ length: Math.min(concurrency, requests - i) }, post));
  failed += results.filter((r) => !r.ok).length;
}
const ms = performance.now() - started;
const ownMs = (process.cpuUsage(own).user + process.cpuUsage(own).system) / 1000;
const receiverMs = ((await cpuSeconds(child.pid!)) - receiverBefore) * 1000;
closeWebhookConnections();
child.kill();
console.log(`[http-floor] ${requests} POSTs, ${concurrency} at a time, ${failed} failed, ${(requests / (ms / 1000)).toFixed(0)}/s; load average ${load1().toFixed(1)}`);
console.log(`[http-floor] CPU per request: sender ${(ownMs / requests).toFixed(3)} ms, receiver ${(receiverMs / requests).toFixed(3)} ms, together ${((ownMs + receiverMs) / requests).toFixed(3)} ms`);
