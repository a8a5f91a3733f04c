// No page of the dashboard may be shown inside another site's frame: a framed page lets that
// site dress up a click on "Cancel job" or "Confirm" as a click on something else
// (clickjacking). Both headers, on every response: CSP frame-ancestors for the browsers that
// know it, X-Frame-Options for the ones that only know that. next.config.js sends them with
// every page, route and redirect Next answers; proxy.ts adds them to the answers it gives itself
// (a bad query's 400, a refused form's 403/413). One JSON file holds them for both.
import headers from "./anti-framing-headers.json";

export const antiFramingHeaders: Readonly<Record<string, string>> = headers;

/** The response with the anti-framing headers set (a header of the same name is replaced). */
export function refuseFraming<T extends Response>(response: T): T {
  for (const [name, value] of Object.entries(antiFramingHeaders)) response.headers.set(name, value);
  return response;
}
