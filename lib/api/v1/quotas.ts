// POST /api/v1/accounts/{accountId}/usage: the chatbot product records what an account used.
// An app key's own call (it acts for no customer or chef). The use case is
// lib/quotas/consume-allowance.ts: one guarded UPDATE, never below zero; a used-up allowance is
// refused with 429 QUOTA_EXHAUSTED, the error's `retryAt` and a Retry-After header saying when it
// comes back (the account's next reset, the first instant of its date in the account's zone).
// Usage at or after that instant is counted in the new cycle: the request resets the account
// first if the sweep has not yet (docs/quotas.md, "On time").
import { z } from "zod";
import { meteredAllowances } from "../../quotas/plans.ts";
import { defineEndpoint, idParam } from "../endpoint.ts";

export const RecordUsageBody = z
  .object({
    allowance: z.enum(meteredAllowances).meta({ description: "Which allowance the usage takes from.", example: "questions" }),
    amount: z.number().int().min(1).max(1_000_000).meta({ description: "How much (at most 1,000,000 at once).", example: 1 }),
  })
  .strict()
  .meta({ id: "RecordUsage" });

const Allowances = z.object({
  pages: z.number().int(),
  questions: z.number().int(),
  questionsGpt4: z.number().int(),
  documents: z.number().int(),
});

export const UsageView = z
  .object({
    accountId: z.number().int(),
    allowance: z.enum(meteredAllowances),
    remaining: Allowances.meta({ description: "What is left of each allowance in this cycle." }),
    nextResetAt: z.string().meta({ format: "date-time", description: "When the allowances come back: the first instant of the next reset date in the account's zone, its local midnight (ISO instant).", example: "2026-12-31T23:00:00.000Z" }),
  })
  .meta({ id: "Usage" });

export const recordUsageEndpoint = defineEndpoint({
  operationId: "recordUsage",
  method: "post",
  path: "/accounts/{accountId}/usage",
  summary: "Record an account's usage of an allowance",
  description:
    "Takes `amount` from one of the account's metered allowances, atomically and never below zero. " +
    "Usage at or after the account's reset instant is counted in the new cycle (the account is reset first if it is still due). " +
    "For app keys. Send an Idempotency-Key to make a retry safe.",
  tag: "Quotas",
  parties: [],
  params: z.object({ accountId: idParam("The quota account") }),
  body: RecordUsageBody,
  response: UsageView,
  successStatus: 200,
  errors: [
    { status: 403, code: "ACTING_AS_FORBIDDEN", when: "the key is bound to a customer or chef: usage is recorded with app keys" },
    { status: 404, code: "NOT_FOUND", when: "no quota account has this id" },
    { status: 429, code: "QUOTA_EXHAUSTED", when: "less is left than asked; `retryAt` and Retry-After say when it comes back" },
    { status: 403, code: "QUOTA_EXCEEDS_PLAN", when: "more than the account's plan allows in a whole cycle: waiting cannot help" },
  ],
});
