// Hostile round 2: the local ticker of `npm start` (scripts/lib/ticker.ts) schedules its next
// call from the wall clock (Date.now()), not a monotonic one. When the machine's clock is
// stepped back while a staying call is in flight (NTP correcting a fast clock, a VM resumed and
// resynced, an operator fixing the date), the next call waits intervalMs PLUS the step: a one
// hour step back stops the local cron for an hour. Found by running the ticker under libfaketime
// with a clock file stepped back during the call; timers stay real (monotonic not faked).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
const tickerScript = fileURLToPath(new URL("../../fixtures/hostile2-ticker-process.ts", import.meta.url));
const summary = { tickId: "t_x", claimed: 0, succeeded: 0, failed: 0, dead: 0, recurringEnqueued: 0, lagMs: 0, durationMs: 5 };

/** "@YYYY-MM-DD HH:MM:SS" for libfaketime's timestamp file: an absolute start that then runs on. */
const fakeTime = (date: Date) => `@${date.toISOString().slice(0, 19).replace("T", " ")}\n`;

describe.skipIf(!existsSync(libfaketime))("the local ticker and a wall clock stepped back", () => {
  it("keeps calling back to back when the clock steps back one hour during a staying call", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "duly-h2-ticker-"));
    const clockFile = path.join(folder, "clock");
    const start = new Date("2027-06-01T12:00:00Z");
    await writeFile(clockFile, fakeTime(start));

    const calls: number[] = [];
    let holdFirst!: (response: ServerResponse) => void;
    const firstCallArrived = new Promise<ServerResponse>((resolve) => (holdFirst = resolve));
    const server = createServer((_request, response) => {
      calls.push(performance.now());
      if (calls.length === 1) return holdFirst(response); // a staying call, in flight
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(summary));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/cron/tick`;

    const child = spawn(process.execPath, ["--import", "tsx", tickerScript, url, "1000"], {
      env: {
        ...process.env,
        LD_PRELOAD: libfaketime,
        FAKETIME_TIMESTAMP_FILE: clockFile,
        FAKETIME_NO_CACHE: "1",
        FAKETIME_DONT_FAKE_MONOTONIC: "1", // timers stay real: only the wall clock steps
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      const first = await firstCallArrived;
      // While the staying call is in flight, the wall clock is stepped back one hour.
      await writeFile(clockFile, fakeTime(new Date(start.getTime() - 3_600_000)));
      await new Promise((resolve) => setTimeout(resolve, 500));
      first.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(summary));
      const answeredAt = performance.now();

      // The interval is 1 s and the call took longer: the next call should follow at once.
      // Give it 10 s on a loaded machine (it never comes: the ticker waits 1 s + 1 hour).
      const deadline = answeredAt + 10_000;
      while (calls.length < 2 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(calls.length, `second call never came within 10 s of the first answer; ticker output:\n${output}`).toBeGreaterThanOrEqual(2);
    } finally {
      child.kill("SIGKILL");
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(folder, { recursive: true, force: true });
    }
  }, 180_000);
});
