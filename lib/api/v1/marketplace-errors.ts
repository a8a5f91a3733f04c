// The marketplace's refusals as the reference lists them per endpoint (statuses from
// app/_lib/http-errors.ts; a test checks these agree with it).
import type { EndpointError } from "../endpoint.ts";

export const notFound = (what: string): EndpointError => ({ status: 404, code: "NOT_FOUND", when: `no ${what} has this id` });
export const invalidState = (when: string): EndpointError => ({ status: 409, code: "INVALID_STATE", when });
export const notAllowed = (when: string): EndpointError => ({ status: 403, code: "NOT_ALLOWED", when });
export const domainInput = (when: string): EndpointError => ({ status: 400, code: "INVALID_INPUT", when });
/** A record another party owns answers exactly as one that does not exist (so ids cannot be probed). */
export const notFoundOrNotYours = (what: string): EndpointError => ({
  status: 404, code: "NOT_FOUND", when: `no ${what} has this id, or it is another customer's or chef's (answered alike)`,
});
