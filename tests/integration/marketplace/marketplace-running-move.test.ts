// Moving an event whose close has already been claimed by a tick (running, its handler not
// started), by the chef accepting the customer's move request: shiftForSubject moves the job's
// run_at as intent (decision 0009); the handler then finds the event not due (NotDueYet) and
// defers the job to the new time without spending an attempt (decision 0020); the event closes
// there. Nothing closes at the old time.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { claim, runClaimed } from "../../helpers/engine.ts";
import { frozenClock } from "../../../lib/scheduler/internal.ts";
import { findJob, runsOfJob } from "../../../lib/scheduler/index.ts";
import { acceptBooking, acceptMove, defaultPolicy, payBooking, requestBooking, requestMove } from "../../../lib/marketplace/index.ts";
import { at, day, expectInvariants, hour, marketCatalogue, registerPeople, tickAt } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-06-01T10:00:00Z");
const eventAt = at(t0, 10 * day);

describe("moving an event while its close is claimed", () => {
  it("the claimed attempt does nothing and defers; the close happens at the new time", async () => {
    const { db } = database;
    const people = await registerPeople(db, t0, { customers: 1, chefs: 1 });
    const b = await requestBooking({ db, actor: people.customer(), now: t0 }, {
      chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Vienna", place: "Wien", priceMinor: 70_00, currency: "EUR",
    });
    await acceptBooking({ db, actor: people.chef(), now: at(t0, hour) }, { bookingId: b.id });
    await payBooking({ db, actor: people.customer(), now: at(t0, 2 * hour) }, { bookingId: b.id, amountMinor: 70_00, currency: "EUR" });

    const [claimed] = await claim(db, marketCatalogue, { now: eventAt, tickId: "t_claimed", limit: 1 });
    expect(claimed?.jobType).toBe("marketplace.booking.close-event");
    const movedTo = at(eventAt, 7 * day);
    // The customer asks two minutes before the event (the minimum notice is waived for this
    // test's policy) and the chef accepts a minute before it.
    const request = await requestMove(
      { db, actor: people.customer(), now: at(eventAt, -120_000), policy: { ...defaultPolicy, minNoticeMs: 0 } },
      { bookingId: b.id, eventAt: movedTo.toISOString() },
    );
    await acceptMove({ db, actor: people.chef(), now: at(eventAt, -60_000) }, { moveRequestId: request.id });
    expect(await findJob(db, claimed!.id)).toMatchObject({ status: "running", runAt: movedTo });

    expect(await runClaimed(db, marketCatalogue, claimed!, frozenClock(eventAt))).toBe("deferred");
    expect((await db.booking.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("paid");
    // Its attempt given back: one claim, and one more attempt allowed than before.
    expect(await findJob(db, claimed!.id)).toMatchObject({ status: "pending", runAt: movedTo, lastError: null, attempts: 1, maxAttempts: claimed!.maxAttempts + 1 });
    expect((await runsOfJob(db, claimed!.id)).map((r) => [r.outcome, r.note])).toEqual([
      ["deferred", expect.stringMatching(/moved by .* while this attempt ran\ndeferred to .*: booking \d+'s event is due at .*, not yet at /)],
    ]);

    await tickAt(db, at(movedTo, -1));
    expect((await db.booking.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("paid");
    await tickAt(db, movedTo);
    expect((await db.booking.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("closed");
    await expectInvariants(db);
  });
});
