// Hostile: input that enters the engine gets a clear DulyError (INVALID_INPUT / INVALID_PAYLOAD)
// and writes nothing (limits.ts, README "Limits": "subject types 64 and ids 200 characters").
// A bigint subject id is accepted by the subject schema without any length check (z.bigint()),
// turned into text by subjectColumns, and reaches PostgreSQL: an 8,001-digit id breaks the
// (subject_type, subject_id) btree index with a raw error 54000, and 10^250 (251 digits) is
// stored although the limit is 200 characters.
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { cancelForSubject, createCatalogue, defineJob, isDulyError, schedule, shiftForSubject } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2027-04-01T09:00:00Z");
const job = defineJob({ name: "test.input", payload: z.object({}), handler: async () => {} });
createCatalogue([job]);

beforeEach(async () => {
  await emptyTables(database.db, ["scheduled_jobs", "job_runs"]);
});

async function refusal(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return "accepted";
  } catch (error) {
    return isDulyError(error) ? `DulyError ${(error as { code: string }).code}` : `raw: ${(error as Error).message.split("\n").filter(Boolean).at(-1)}`;
  }
}

describe("a bigint subject id", () => {
  for (const digits of [251, 8001]) {
    it(`with ${digits} digits is refused with INVALID_INPUT by schedule, cancelForSubject and shiftForSubject`, async () => {
      const { db } = database;
      // Random digits (a run of zeros would compress under the index's size limit).
      const id = BigInt("1" + Array.from({ length: digits - 1 }, () => Math.floor(Math.random() * 10)).join(""));
      const subject = { type: "booking", id };
      const results = {
        schedule: await refusal(() => db.$transaction((tx) => schedule(tx, job, { runAt: now, payload: {}, subject }))),
        cancelForSubject: await refusal(() => db.$transaction((tx) => cancelForSubject(tx, subject, { actor: "ops", reason: "retired", now }))),
        shiftForSubject: await refusal(() => db.$transaction((tx) => shiftForSubject(tx, subject, 60_000))),
      };
      const [{ n }] = await db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM scheduled_jobs`;
      expect({ ...results, written: Number(n) }).toEqual({
        schedule: "DulyError INVALID_INPUT",
        cancelForSubject: "DulyError INVALID_INPUT",
        shiftForSubject: "DulyError INVALID_INPUT",
        written: 0,
      });
    });
  }
});

// payloadJson (limits.ts) checks the parsed value for NUL and lone surrogates, then stores
// JSON.stringify of it, which calls toJSON: a value object (a money or id class with toJSON)
// can produce what the check never saw. A NUL so produced reaches PostgreSQL: raw 22P05.
describe("a payload value whose toJSON produces a NUL", () => {
  it("is refused with INVALID_PAYLOAD", async () => {
    const { db } = database;
    const anyPayload = defineJob({ name: "test.any-payload", payload: z.any(), handler: async () => {} });
    class Reference {
      constructor(private readonly raw: string) {}
      toJSON() {
        return this.raw.split("").join("\u0000"); // e.g. a fixed-width binary encoding
      }
    }
    const result = await refusal(() => db.$transaction((tx) => schedule(tx, anyPayload, { runAt: now, payload: { ref: new Reference("ab") } })));
    expect(result).toBe("DulyError INVALID_PAYLOAD");
  });
});
