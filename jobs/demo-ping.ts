// demo.ping: a job that does nothing, on purpose. The demo seed fills the agenda with it and
// the benchmark drains thousands of it to measure the engine alone. Trivially idempotent.
import { z } from "zod";
import { defineJob } from "../lib/scheduler/index.ts";

export const demoPing = defineJob({
  name: "demo.ping",
  payload: z.object({ note: z.string().max(200).default("") }),
  leaseMs: 10_000,
  handler: async () => {},
});
