// The heartbeat (decision 0036): the cron route, called as Next calls it, pings the heartbeat
// URL after every tick (a real loopback receiver counts them), with /fail when a tick failed;
// a heartbeat service that never answers or is gone costs at most the ping's timeout and never
// fails the tick, and the failure is logged.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { setAlertOptions, type AlertOptions } from "../../../lib/alerts/options.ts";
import { pingTickHeartbeat } from "../../../lib/alerts/heartbeat.ts";
import type { TickSummary } from "../../../lib/scheduler/index.ts";
import { startHttpReceiver, type HttpReceiver } from "../../fixtures/alert-receivers.ts";

const database = useTestDatabase();
const secret = "alerts-heartbeat-test-secret-0123456789";
let receiver: HttpReceiver;
const options: AlertOptions = { allowPrivate: true, sendTimeoutMs: 1_000, heartbeatTimeoutMs: 500, smtpUrl: undefined, heartbeatUrl: undefined };

beforeAll(async () => {
  receiver = await startHttpReceiver();
  // The route reads its settings once per process: set them before it is first imported.
  process.env.DATABASE_URL = database.url;
  process.env.CRON_SECRET = secret;
  process.env.DULY_LISTEN = "0";
});
afterAll(async () => {
  setAlertOptions(undefined);
  await receiver.close();
});
beforeEach(async () => {
  setAlertOptions(options);
  receiver.hits.length = 0;
  await emptyTables(database.db, ["alert_settings"]);
});

async function heartbeatAt(url: string): Promise<void> {
  await database.db.alertSettings.create({ data: { id: 1, heartbeatUrl: url, updatedAt: new Date("2027-01-01T00:00:00Z"), updatedBy: "test" } });
}

async function callTick(): Promise<{ status: number; body: { status: string } }> {
  const { GET } = await import("../../../app/api/cron/tick/route.ts");
  const response = await GET(new Request("http://duly.test/api/cron/tick?mode=drain&budgetMs=5000", { headers: { authorization: `Bearer ${secret}` } }));
  return { status: response.status, body: (await response.json()) as { status: string } };
}

describe("the heartbeat", () => {
  it("is pinged after every tick", async () => {
    await heartbeatAt(receiver.url("/ping/3f1c"));
    for (let i = 0; i < 3; i++) expect(await callTick()).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(receiver.hits.map((h) => [h.method, h.path])).toEqual([["POST", "/ping/3f1c"], ["POST", "/ping/3f1c"], ["POST", "/ping/3f1c"]]);
    expect(receiver.hits[0]!.body).toMatch(/^status=ok claimed=\d+ /);
  });

  it("says /fail for a failed tick, and from the environment's URL even without a database", async () => {
    const summary = { status: "degraded", claimed: 0, succeeded: 0, failed: 0, dead: 0, lagMs: 0 } as TickSummary;
    await heartbeatAt(receiver.url("/ping/3f1c/"));
    expect(await pingTickHeartbeat(database.db, summary, options)).toMatchObject({ ok: true });
    const down = { ...summary, status: "unavailable" } as TickSummary;
    const noDatabase = new Proxy({}, { get: () => { throw new Error("the database must not be asked"); } }) as never;
    expect(await pingTickHeartbeat(noDatabase, down, { ...options, heartbeatUrl: receiver.url("/env-ping") })).toMatchObject({ ok: true });
    expect(receiver.hits.map((h) => h.path)).toEqual(["/ping/3f1c/fail", "/env-ping/fail"]);
  });

  it("never fails the tick when the heartbeat service hangs or is gone, and logs it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await heartbeatAt(receiver.url("/hang/3f1c"));
      expect(await callTick()).toMatchObject({ status: 200, body: { status: "ok" } });
      expect(receiver.hits.map((h) => h.path)).toEqual(["/hang/3f1c"]);
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/heartbeat ping to 127\.0\.0\.1:\d+ failed: no complete answer within 500 ms/));

      const gone = await startHttpReceiver();
      const goneUrl = gone.url("/ping");
      await gone.close();
      await database.db.alertSettings.update({ where: { id: 1 }, data: { heartbeatUrl: goneUrl } });
      expect(await callTick()).toMatchObject({ status: 200, body: { status: "ok" } });
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/heartbeat ping to 127\.0\.0\.1:\d+ failed: ECONNREFUSED/));
    } finally {
      logged.mockRestore();
    }
  });
});
