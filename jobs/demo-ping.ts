// demo.ping: a job that does nothing, on purpose. The demo seed fills the agenda with it and
// the benchmark drains thousands of it to measure the engine alone. Trivially idempotent.
// `failUntil` makes it fail like a call to a service that is down until then: the demo seed uses
// it for failed and dead jobs a newcomer can retry (a retry after that instant succeeds).
import { z } from "zod";
import { defineJob } from "../lib/scheduler/index.ts";

export const demoPing = defineJob({
  name: "demo.ping",
  payload: z.object({
    note: z.string().max(200).default(""),
    failUntil: z.iso.datetime({ offset: true }).optional(),
  }),
  leaseMs: 10_000,
  handler: async ({ payload, now }) => {
    if (payload.failUntil && now < new Date(payload.failUntil)) {
      throw new Error(`the receiving service answered 503 Service Unavailable (down until ${new Date(payload.failUntil).toISOString()})`);
    }
  },
});
