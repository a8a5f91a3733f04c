// The API's admission gate (lib/api/admission.ts) and how busy and unreachable become HTTP
// (app/_lib/http-errors.ts): a request beyond the pool waits in a bounded queue for a bounded
// time, in arrival order, and is otherwise refused 503 SERVER_BUSY with Retry-After, never 500.
// The queue's wait is driven by vitest's fake timers: no test here depends on the machine's speed.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdmissionGate } from "../../../lib/api/admission.ts";
import { ApiError, ApiErrorCode } from "../../../lib/api/errors.ts";
import { DulyError, ErrorCode } from "../../../lib/errors.ts";
import { httpErrorOf } from "../../../app/_lib/http-errors.ts";
import { apiErrorResponse } from "../../../app/api/v1/_lib/api-route.ts";

/** A piece of work the test finishes when it likes. */
function heldWork() {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  let started = false;
  return {
    work: async () => {
      started = true;
      await done;
      return "done";
    },
    get started() {
      return started;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the API admission gate", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  it("lets in as many as the pool has connections, queues the next in arrival order", async () => {
    const gate = new AdmissionGate({ concurrent: 2, maxWaiting: 5, maxWaitMs: 2_000 });
    const works = Array.from({ length: 4 }, () => heldWork());
    const runs = works.map((w) => gate.run(w.work));
    await settle();
    expect(works.map((w) => w.started)).toEqual([true, true, false, false]);
    expect(gate.load).toEqual({ working: 2, waiting: 2 });
    works[1]!.finish();
    await settle();
    expect(works.map((w) => w.started)).toEqual([true, true, true, false]);
    for (const w of works) w.finish();
    expect(await Promise.all(runs)).toEqual(["done", "done", "done", "done"]);
    expect(gate.load).toEqual({ working: 0, waiting: 0 });
  });

  it("refuses at once when the queue is full, and after the wait when no turn came", async () => {
    const gate = new AdmissionGate({ concurrent: 1, maxWaiting: 1, maxWaitMs: 2_000 });
    const first = heldWork();
    const running = gate.run(first.work);
    const waiting = gate.run(async () => "second");
    const waitingOutcome = waiting.then(() => "admitted", (error: unknown) => error);
    await expect(gate.run(async () => "third")).rejects.toMatchObject({ code: ApiErrorCode.ServerBusy, status: 503 });
    vi.advanceTimersByTime(1_999);
    await settle();
    expect(gate.load).toEqual({ working: 1, waiting: 1 });
    vi.advanceTimersByTime(1);
    const refused = await waitingOutcome;
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toContain("within 2000 ms");
    expect(gate.load).toEqual({ working: 1, waiting: 0 });
    first.finish();
    await running;
    expect(gate.load).toEqual({ working: 0, waiting: 0 });
  });

  it("gives the turn back when the work throws", async () => {
    const gate = new AdmissionGate({ concurrent: 1, maxWaiting: 0, maxWaitMs: 0 });
    await expect(gate.run(async () => Promise.reject(new Error("use case failed")))).rejects.toThrow("use case failed");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});

describe("busy and unreachable as HTTP", () => {
  const envelope = async (error: unknown) => {
    const response = apiErrorResponse(error);
    return { status: response.status, retryAfter: response.headers.get("retry-after"), code: ((await response.json()) as { error: { code: string } }).error.code };
  };

  it("answers the gate's refusal, a pool checkout timeout and Prisma's transaction wait as 503 SERVER_BUSY with Retry-After", async () => {
    const refusals = [
      new ApiError(ApiErrorCode.ServerBusy, "the API is at capacity"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated due to connection timeout"),
      Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), { code: "P2028" }),
      Object.assign(new Error("Timed out fetching a new connection from the connection pool."), { code: "P2024" }),
    ];
    for (const error of refusals) expect(await envelope(error), error.message).toEqual({ status: 503, retryAfter: "1", code: "SERVER_BUSY" });
  });

  it("answers a lost database as 503 DATABASE_UNAVAILABLE with a longer Retry-After", async () => {
    for (const error of [new DulyError(ErrorCode.DatabaseUnavailable, "could not get a database connection"), new Error("Connection terminated unexpectedly")]) {
      expect(await envelope(error), error.message).toEqual({ status: 503, retryAfter: "5", code: "DATABASE_UNAVAILABLE" });
    }
  });

  it("still answers a bug as 500 INTERNAL, without Retry-After", () => {
    expect(httpErrorOf(new TypeError("x is undefined"))).toEqual({ status: 500, code: "INTERNAL", message: expect.any(String) });
  });
});
