// npm run bench:webhooks — commit-to-delivery latency of webhooks at a steady event rate. Never
// part of the tests. Events are committed at --rate per second for --seconds (each in its own
// transaction through lib/events/record-event.ts, as a use case writes them), with one platform
// endpoint subscribed to every type, pointed at a loopback receiver that verifies each signature
// and answers 204. A staying tick (LISTEN on, as production runs it) delivers them. Latency:
// the receiver's arrival time minus the commit's end, both on this process's clock.
// Results: printed, and quoted in bench/RESULTS.md ("Webhooks").
//
// Options: --rate N (100), --seconds N (10), --concurrency N (lanes, 4), --warmup N (seconds of
// events at the same rate, delivered but not measured, before the measured ones; 0), --prewarm
// (open every connection of both pools before the tick starts, so the first seconds do not pay
// for connecting: separates that cost from the rest of a cold start).
// Uses DATABASE_URL's server when set, else a throwaway embedded PostgreSQL.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { createDb } from "../lib/db/client.ts";
import { migrate } from "../lib/db/migrate.ts";
import { createCatalogue, tick } from "../lib/scheduler/index.ts";
import { recordEvent } from "../lib/events/record-event.ts";
import { createEndpoint } from "../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../lib/webhooks/options.ts";
import { verifyWebhookSignature } from "../lib/webhooks/signing.ts";
import { deliverWebhookJob } from "../jobs/webhooks/deliver.ts";
import { cpuSecondsOf, load1 } from "./lib/machine.ts";
import { freshDatabase, startServer } from "./lib/server.ts";
import { fmt, median, p95, quantile } from "./lib/stats.ts";

const log = (line: string) => console.log(`[webhooks] ${line}`);
const { values: args } = parseArgs({
  options: { rate: { type: "string", default: "100" }, seconds: { type: "string", default: "10" }, concurrency: { type: "string", default: "4" }, warmup: { type: "string", default: "0" }, prewarm: { type: "boolean", default: false } },
});
const rate = Number(args.rate);
const seconds = Number(args.seconds);
const total = rate * seconds;

async function main(): Promise<void> {
  const server = await startServer(log);
  try {
    const url = await freshDatabase(server, "duly_bench_webhooks");
    await migrate(url);
    // The writers (the business) and the tick (the engine) on pools of their own, as production has them (decision 0025).
    const db = createDb(url, { poolSize: 20 });
    const engineDb = createDb(url, { poolSize: 10 });
    setWebhookOptions({ allowPrivate: true, timeoutMs: 10_000 });
    const committedAt = new Map<string, number>();
    // Each commit-second's latencies: where in the run the tail comes from.
    const bySecond: number[][] = Array.from({ length: seconds + 1 }, () => []);
    let started = performance.now();
    const latencies: number[] = [];
    let badSignatures = 0;
    // Arrivals the bench could not time: the delivery came in before its writer's commit
    // promise had settled (so no commit time yet), or came again after a first arrival.
    let arrivedBeforeCommitSeen = 0;
    let repeats = 0;
    let secret = "";
    const receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (c: Buffer) => chunks.push(c));
      request.on("end", () => {
        const arrived = performance.now();
        const body = Buffer.concat(chunks).toString("utf8");
        if (!verifyWebhookSignature(request.headers["duly-signature"] as string, body, secret, Math.floor(Date.now() / 1000))) badSignatures++;
        const objectId = String((JSON.parse(body) as { objectId: number }).objectId);
        const committed = committedAt.get(objectId);
        if (committedAt.has(`seen:${objectId}`)) repeats++;
        else if (committed === undefined && Number(objectId) > 0) {
          committedAt.set(`seen:${objectId}`, arrived);
          arrivedBeforeCommitSeen++;
        }
        if (committed !== undefined && !committedAt.has(`seen:${objectId}`)) {
          committedAt.set(`seen:${objectId}`, arrived);
          latencies.push(arrived - committed);
          bySecond[Math.floor((committed - started) / 1000)]?.push(arrived - committed);
        }
        response.writeHead(204).end();
      });
    });
    let connections = 0;
    receiver.on("connection", () => connections++);
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as AddressInfo;
    secret = (await createEndpoint(db, "platform", { url: `http://127.0.0.1:${port}/hook`, eventTypes: ["*"] }, new Date())).secret;

    if (args.prewarm) {
      // Every connection of each pool at once: each transaction holds its connection for 50 ms.
      const hold = (pool: typeof db, n: number) => Promise.all(Array.from({ length: n }, () => pool.$transaction((tx) => tx.$queryRaw`SELECT 1 AS held FROM pg_sleep(0.05)`)));
      await hold(engineDb, 10);
      await hold(db, 20);
      log("prewarm: both pools' connections opened");
    }
    const abort = new AbortController();
    const catalogue = createCatalogue([deliverWebhookJob]);
    const ticking = (async () => {
      while (!abort.signal.aborted) {
        await tick({ db: engineDb, catalogue, mode: "stay", budgetMs: 5_000, concurrency: Number(args.concurrency), listenUrl: url, signal: abort.signal });
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 500)); // the first tick is listening

    // Warm-up: the same rate for --warmup seconds, with object ids the receiver does not measure
    // (negative), so the measured events meet a process, a pool and a tick already running.
    const warmupEvents = rate * Number(args.warmup);
    if (warmupEvents > 0) {
      log(`warm-up: ${warmupEvents} events at ${rate}/s, not measured`);
      const warmStart = performance.now();
      const warmWrites: Array<Promise<unknown>> = [];
      for (let i = 1; i <= warmupEvents; i++) {
        const wait = warmStart + (i * 1000) / rate - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        warmWrites.push(db.$transaction((tx) =>
          recordEvent(tx, { type: "booking.requested", objectType: "booking", objectId: -i, orderingKey: `booking:${-i}`, data: { id: -i }, actor: "system:bench", audience: [], at: new Date() }),
          { maxWait: 10_000, timeout: 10_000 }));
      }
      await Promise.all(warmWrites);
    }
    log(`committing ${total} events at ${rate}/s; load average ${load1().toFixed(1)}`);
    // CPU spent by this process (writers, tick, sends, receiver) and the database server over the
    // run: a cost per event that a shared machine's load disturbs far less than latency.
    const cpuBefore = { own: process.cpuUsage(), server: await cpuSecondsOf(server.postmasterPid) };
    started = performance.now();
    const writes: Array<Promise<void>> = [];
    for (let i = 1; i <= total; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      writes.push(
        db.$transaction((tx) =>
          recordEvent(tx, { type: "booking.requested", objectType: "booking", objectId: i, orderingKey: `booking:${i}`, data: { id: i }, actor: "system:bench", audience: [], at: new Date() }),
          { maxWait: 10_000, timeout: 10_000 }).then(() => void committedAt.set(String(i), performance.now())),
      );
    }
    await Promise.all(writes);
    const deadline = performance.now() + 30_000;
    while (latencies.length + arrivedBeforeCommitSeen < total && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const ownCpu = process.cpuUsage(cpuBefore.own);
    // A delivery not timed is either early (above) or still owed: say which, from the database.
    const missing = Array.from({ length: total }, (_, k) => String(k + 1)).filter((id) => !committedAt.has(`seen:${id}`));
    if (missing.length > 0) {
      const rows = await db.$queryRaw<Array<{ object_id: string; status: string; attempts: number; last_error: string | null }>>`
        SELECT e.object_id::text, d.status::text, d.attempts, d.last_error
        FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
        WHERE e.object_id::text = ANY(${missing}::text[])`;
      log(`not delivered within 30 s: ${JSON.stringify(rows)}`);
    }
    const serverCpu = (await cpuSecondsOf(server.postmasterPid)) - cpuBefore.server;
    abort.abort();
    await ticking;
    receiver.close();
    await db.$disconnect();
    await engineDb.$disconnect();
    log(`delivered ${latencies.length + arrivedBeforeCommitSeen}/${total} (${arrivedBeforeCommitSeen} arrived before their commit had returned to the writer, not timed; ${repeats} arrived again), bad signatures ${badSignatures}, connections the receiver accepted ${connections}`);
    log(`CPU per event: bench process ${fmt(((ownCpu.user + ownCpu.system) / 1000) / total)} ms, database server ${fmt((serverCpu * 1000) / total)} ms; load average at the end ${load1().toFixed(1)}`);
    log(`p95 by commit second: ${bySecond.filter((l) => l.length > 0).map((l) => fmt(p95(l))).join(" ")}`);
    log(`commit-to-delivery ms: median ${fmt(median(latencies))}, p95 ${fmt(p95(latencies))}, p99 ${fmt(quantile(latencies, 0.99))}, max ${fmt(Math.max(...latencies))}`);
  } finally {
    await server.stop();
  }
}

await main();
