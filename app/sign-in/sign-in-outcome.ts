// How a refused sign-in is reported back to the sign-in page: a code in its URL (never the
// email or the password), turned into a sentence by the page. Shared by the form's route and
// the page so both agree on the codes.
import { z } from "zod";
import { safeNext } from "@/app/_lib/safe-next.ts";
import type { RawSearchParams } from "@/app/_lib/search-params.ts";

export const signInErrors = ["credentials", "throttled", "origin", "missing", "failed"] as const;

/**
 * After a refused attempt the form shows the email again, from this short-lived cookie (only
 * the sign-in page reads it): the email stays out of the URL, and so out of logs and history.
 */
export const lastEmailCookie = { name: "duly_sign_in_email", path: "/sign-in", maxAgeSeconds: 600 } as const;

/** The email a refused attempt left in the cookie, or "" (a bad value is ignored). */
export function lastEmailOf(value: string | undefined): string {
  if (!value) return "";
  try {
    const email = decodeURIComponent(value);
    return email.length <= 320 && email.isWellFormed() ? email : "";
  } catch {
    return "";
  }
}
export type SignInError = (typeof signInErrors)[number];

const query = z.object({
  error: z.enum(signInErrors).optional().catch(undefined),
  wait: z.coerce.number().int().min(1).max(86_400).optional().catch(undefined),
});

/** The sign-in page's link for a refusal, keeping where the person was going. */
export function signInPageHref(next: string, error: SignInError, waitSeconds?: number): string {
  const params = new URLSearchParams();
  if (next !== "/") params.set("next", next);
  params.set("error", error);
  if (waitSeconds !== undefined) params.set("wait", String(waitSeconds));
  return `/sign-in?${params.toString()}`;
}

/** What the sign-in page shows for its query: where to go next, and the refusal, if any. */
export function readSignInQuery(params: RawSearchParams): { next: string; message: string | null } {
  const parsed = query.safeParse({ error: params.error, wait: params.wait });
  const { error, wait } = parsed.success ? parsed.data : {};
  return { next: safeNext(params.next), message: error ? messageOf(error, wait) : null };
}

function messageOf(error: SignInError, wait: number | undefined): string {
  switch (error) {
    case "credentials":
      return "That email and password do not match an operator.";
    case "throttled":
      return `Too many sign-in attempts. Try again in ${wait ?? 60} seconds.`;
    case "origin":
      return "This sign-in form was sent from another site, so it was refused. Open the sign-in page here and try again.";
    case "missing":
      return "Enter your email and your password.";
    case "failed":
      return "Sign-in failed on the server. Try again in a moment.";
  }
}
