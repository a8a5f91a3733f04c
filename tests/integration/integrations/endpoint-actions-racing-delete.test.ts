// An endpoint action (enable, disable, rotate-secret, replay) racing the endpoint's deletion, by
// the retention's prune or by DELETE /webhook-endpoints/{id}: the action read the endpoint before
// the deleter committed, then its update found no row (or its delivery's foreign key found no
// endpoint) and the request answered 500. Each action must answer as for an endpoint that does not
// exist (404), or succeed when it got there first; never 500, and nothing left behind.
//
// Deterministic: a transaction holds the endpoint's row lock, the action is started and seen
// waiting for that transaction (pg_blocking_pids), then that transaction deletes the endpoint and
// commits. However long the action takes to get there (tests/helpers/lock-waits.ts).
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { backendPid, untilBlockedBy } from "../../helpers/lock-waits.ts";
import { callRoute, newKey, useAppDatabase, type ApiAnswer, type RouteHandler } from "../../helpers/api.ts";
import { POST as enableRoute } from "../../../app/api/v1/webhook-endpoints/[endpointId]/enable/route.ts";
import { POST as disableRoute } from "../../../app/api/v1/webhook-endpoints/[endpointId]/disable/route.ts";
import { POST as rotateRoute } from "../../../app/api/v1/webhook-endpoints/[endpointId]/rotate-secret/route.ts";
import { POST as replayRoute } from "../../../app/api/v1/webhook-endpoints/[endpointId]/replay/route.ts";
import { DELETE as deleteRoute } from "../../../app/api/v1/webhook-endpoints/[endpointId]/route.ts";
import { recordEvents } from "../../../lib/events/record-event.ts";
import { createEndpoint, pruneDisabledEndpoints } from "../../../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../../../lib/webhooks/options.ts";
import { jobsOfSubjects } from "../../../lib/scheduler/admin/index.ts";
import type { Tx } from "../../../lib/db/client.ts";

const database = useTestDatabase();
useAppDatabase(database);
const now = new Date("2027-05-10T12:00:00Z");
const day = 86_400_000;
let appKey: string;

beforeEach(async () => {
  setWebhookOptions({ allowPrivate: true });
  await emptyTables(database.db, ["events", "event_retention", "webhook_endpoints", "webhook_deliveries", "webhook_attempts", "audit_entries"], { restartIdentity: true });
  appKey = await newKey(database.db);
});

type Action = "enable" | "disable" | "rotate-secret" | "replay";
const routes: Record<Action, unknown> = { enable: enableRoute, disable: disableRoute, "rotate-secret": rotateRoute, replay: replayRoute };

function act(action: Action, endpointId: number, eventId: bigint): Promise<ApiAnswer> {
  const body = action === "replay" ? { eventId: eventId.toString() } : action === "rotate-secret" ? { keepPreviousHours: 1 } : {};
  return callRoute(routes[action] as RouteHandler, {
    path: `/webhook-endpoints/${endpointId}/${action}`, params: { endpointId: String(endpointId) }, key: appKey, body
  });
}

/** An endpoint the prune may take (disabled long ago, no delivery), and an event the platform may replay. */
async function aPrunableEndpoint(): Promise<{ endpointId: number; eventId: bigint }> {
  const { endpoint } = await createEndpoint(database.db, "platform", { url: "http://127.0.0.1:9/hook", eventTypes: ["*"] }, now);
  await database.db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { status: "disabled", disabledAt: new Date(now.getTime() - 60 * day) } });
  await database.db.$transaction((tx) =>
    recordEvents(tx, [{ type: "booking.requested", objectType: "booking", objectId: 1, orderingKey: "booking:1", data: { id: 1 }, actor: "customer:1", audience: ["customer:1"], at: now }]),
  );
  const event = await database.db.event.findFirstOrThrow({ orderBy: { id: "desc" } });
  return { endpointId: endpoint.id, eventId: event.id };
}

/**
 * Holds the endpoint's row in a transaction, lets `action` start and waits until it is seen
 * waiting for that lock, then deletes the endpoint in that transaction (`remove`) and commits.
 * Returns the action's answer. If anything goes otherwise (the action answers without waiting,
 * the holder fails), the holder rolls back at once and the action is let finish before the test
 * fails: a holder left waiting for its timeout held the row, and the next test's reset waited.
 */
async function deletedUnderneath(endpointId: number, action: () => Promise<ApiAnswer>, remove: (tx: Tx) => Promise<void>): Promise<ApiAnswer> {
  let go!: (proceed: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (go = resolve));
  let lockedBy!: (pid: number) => void;
  const holding = new Promise<number>((resolve) => (lockedBy = resolve));
  // No timeout of its own but the test database's (120 s): how long the action takes to reach the
  // lock is the machine's business; the holder only waits for the test to decide.
  const holder = database.db.$transaction(async (tx) => {
    const pid = await backendPid(tx);
    await tx.$queryRaw`SELECT id FROM webhook_endpoints WHERE id = ${endpointId} FOR UPDATE`;
    lockedBy(pid);
    if (!(await decided)) throw new Error("rolled back: the test did not get the interleaving it set up");
    await remove(tx);
  });
  const holderPid = await Promise.race([holding, holder.then(() => Promise.reject(new Error("the holder ended before it held the row")))]);
  const answer = action();
  try {
    await untilBlockedBy(database.db, holderPid, answer, holder);
  } catch (error) {
    go(false);
    await Promise.allSettled([holder, answer]);
    throw error;
  }
  go(true);
  await holder;
  return answer;
}

const prune = async (tx: Tx) => {
  expect(await pruneDisabledEndpoints(tx, new Date(now.getTime() - 30 * day), 100)).toBe(1);
};
const deleteThroughApi = (endpointId: number) => async (tx: Tx) => {
  // The same statement the API's delete ends with; here inside the holder's transaction.
  expect(await tx.$executeRaw`DELETE FROM webhook_endpoints WHERE id = ${endpointId}`).toBe(1);
};

/** No endpoint, delivery or open job of it is left (`deliveryIds`: deliveries the race made, gone with it). */
async function expectNothingLeft(endpointId: number, deliveryIds: string[] = []): Promise<void> {
  expect(await database.db.webhookEndpoint.count({ where: { id: endpointId } })).toBe(0);
  expect(await database.db.webhookDelivery.count({ where: { endpointId } })).toBe(0);
  const subjects = [{ type: "webhook-endpoint", id: String(endpointId) }, ...deliveryIds.map((id) => ({ type: "webhook-delivery", id }))];
  const open = (await jobsOfSubjects(database.db, subjects))
    .filter((job) => job.status === "pending" || job.status === "running");
  expect(open).toEqual([]);
}

describe("endpoint actions racing the endpoint's deletion", () => {
  const actions: Action[] = ["enable", "disable", "rotate-secret", "replay"];
  for (const action of actions) {
    it(`${action} answers 404 (never 500) when the prune deletes the endpoint first, and leaves nothing`, async () => {
      for (let round = 0; round < 3; round++) {
        const { endpointId, eventId } = await aPrunableEndpoint();
        const answer = await deletedUnderneath(endpointId, () => act(action, endpointId, eventId), prune);
        expect({ round, status: answer.status, code: answer.json?.error?.code }).toEqual({ round, status: 404, code: "NOT_FOUND" });
        await expectNothingLeft(endpointId);
      }
    });

    it(`${action} answers 404 (never 500) when a delete takes the endpoint first, and leaves nothing`, async () => {
      for (let round = 0; round < 3; round++) {
        const { endpointId, eventId } = await aPrunableEndpoint();
        // Enabled, so that a replay that did not wait would go as far as its delivery's foreign key.
        if (action === "replay") await database.db.webhookEndpoint.update({ where: { id: endpointId }, data: { status: "enabled", disabledAt: null } });
        const answer = await deletedUnderneath(endpointId, () => act(action, endpointId, eventId), deleteThroughApi(endpointId));
        expect({ round, status: answer.status, code: answer.json?.error?.code }).toEqual({ round, status: 404, code: "NOT_FOUND" });
        await expectNothingLeft(endpointId);
      }
    });
  }

  it("racing freely with DELETE /webhook-endpoints/{id}, every action answers success or 404 (replay: or 409, disabled), the delete 200", async () => {
    const expected: Record<Action, number[]> = { enable: [200, 404], disable: [200, 404], "rotate-secret": [200, 404], replay: [201, 404, 409] };
    for (let round = 0; round < 5; round++) {
      for (const action of actions) {
        const { endpointId, eventId } = await aPrunableEndpoint();
        if (action === "replay") await database.db.webhookEndpoint.update({ where: { id: endpointId }, data: { status: "enabled", disabledAt: null } });
        const remove = callRoute(deleteRoute as RouteHandler, { method: "DELETE", path: `/webhook-endpoints/${endpointId}`, params: { endpointId: String(endpointId) }, key: appKey });
        const [deleted, acted] = await Promise.all([remove, act(action, endpointId, eventId)]);
        expect({ action, status: deleted.status }).toMatchObject({ action, status: 200 });
        expect({ action, status: acted.status, body: acted.status >= 500 ? acted.json : undefined }).toMatchObject({ action, status: expect.toBeOneOf(expected[action]) });
        await expectNothingLeft(endpointId, acted.status === 201 ? [acted.json.deliveryId] : []);
      }
    }
  });
});
