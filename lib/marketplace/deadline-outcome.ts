/** What a deadline's use case did: `acted` false when the record had already moved on (a duplicate run, or a race lost). */
export interface DeadlineOutcome {
  acted: boolean;
  /** The record's status afterwards. */
  status: string;
}
