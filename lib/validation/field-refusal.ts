// A refusal that belongs to one field of a form: the value parsed, but the record it applies to
// rules it out (a refund larger than what the booking holds, a reset date before the cycle's).
// Still INVALID_INPUT, so an API or script caller sees a 400 like any bad input; a dashboard
// form shows the message beside the field (app/_lib/action-state.ts).
import { DulyError, ErrorCode } from "../errors.ts";

export class FieldRefusal extends DulyError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(ErrorCode.InvalidInput, message);
    this.name = "FieldRefusal";
  }
}
