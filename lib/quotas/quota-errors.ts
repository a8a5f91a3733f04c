// The refusal of a consumption whose allowance is used up: a DulyError (QUOTA_EXHAUSTED, HTTP
// 429) that also says when the allowance comes back, for the edge's Retry-After.
import { DulyError, ErrorCode } from "../errors.ts";
import type { MeteredAllowance } from "./plans.ts";

export class QuotaExhaustedError extends DulyError {
  constructor(
    readonly allowance: MeteredAllowance,
    readonly remaining: number,
    /** The account's next reset: local midnight of next_reset_on in its zone. */
    readonly comesBackAt: Date,
  ) {
    super(
      ErrorCode.QuotaExhausted,
      `the ${allowance} allowance has ${remaining} left this cycle; it comes back at ${comesBackAt.toISOString()}`,
    );
    this.name = "QuotaExhaustedError";
  }
}
