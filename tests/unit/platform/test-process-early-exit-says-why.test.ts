// A worker child of a process test (tests/fixtures/processes.ts) that ends before the line a
// test waits for must say why. CI once saw only "process exited before printing IN_HANDLER: "
// with an empty stderr (engine/scheduler-crash): a tick that could not reach its database exits
// 0 and says so only in its SUMMARY line on stdout, and a process killed by a signal writes
// nothing at all; the message showed neither, nor the exit code or signal.
import { describe, expect, it } from "vitest";
import { startTickProcess } from "../../fixtures/processes.ts";

/** Nothing listens on port 1: every connection is refused at once. */
const unreachable = "postgresql://postgres@127.0.0.1:1/nowhere";

describe("a test's worker process that ends before printing what the test waits for", () => {
  it("a tick that could not reach its database: the message has the exit code and the summary from stdout", async () => {
    const worker = startTickProcess(unreachable, "db", { DULY_TEST_HANG: "1" });
    const waited = worker.waitFor("IN_HANDLER");
    await expect(waited).rejects.toThrow(/exited before printing IN_HANDLER: exit code 0; stdout: SUMMARY .*"status":"unavailable"/);
    await expect(waited).rejects.toThrow(/could not get a database connection/);
    expect((await worker.done).code).toBe(0);
  }, 60_000);

  it("a process killed by a signal: the message names the signal", async () => {
    const worker = startTickProcess(unreachable, "db", { DULY_TEST_HANG: "1" });
    const waited = worker.waitFor("IN_HANDLER");
    worker.child.kill("SIGKILL");
    await expect(waited).rejects.toThrow(/exited before printing IN_HANDLER: killed by SIGKILL; stdout: \(empty\); stderr: \(empty\)/);
  }, 60_000);
});
