// GET /api/v1/events with a cursor past every position (made up, from another environment, or
// kept across a database restore): it was echoed back as nextCursor with no events, so the
// reader polled forever and never saw another event. Positions never go back (the prune keeps
// the newest), so a cursor ahead of them was never handed out: it is refused (INVALID_INPUT, 400).
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { recordEvent } from "../../../lib/events/record-event.ts";
import { listEvents } from "../../../lib/events/list-events.ts";

const database = useTestDatabase();
const now = new Date("2027-05-10T12:00:00Z");

beforeEach(async () => {
  await emptyTables(database.db, ["events", "webhook_endpoints", "webhook_deliveries"], { restartIdentity: true });
  await database.db.$transaction((tx) =>
    recordEvent(tx, { type: "booking.requested", objectType: "booking", objectId: 1, orderingKey: "booking:1", data: { id: 1 }, actor: "customer:1", audience: ["customer:1"], at: now }),
  );
});

describe("an events cursor ahead of every position", () => {
  it("is refused, while the newest cursor and 0 are read", async () => {
    await expect(listEvents(database.db, "platform", { after: 999_999_999_999n, limit: 10 })).rejects.toThrow(/ahead of every event/);
    const first = await listEvents(database.db, "platform", { after: 0n, limit: 10 });
    expect(first.data).toHaveLength(1);
    expect((await listEvents(database.db, "platform", { after: BigInt(first.nextCursor), limit: 10 })).data).toHaveLength(0);
  });
});
