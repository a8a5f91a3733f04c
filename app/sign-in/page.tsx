// The one page open to everyone. Already signed in: straight on to where they were going.
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { currentOperator } from "@/app/_lib/operator-session.ts";
import type { RawSearchParams } from "@/app/_lib/search-params.ts";
import { SignInForm } from "./sign-in-form.tsx";
import { lastEmailCookie, lastEmailOf, readSignInQuery } from "./sign-in-outcome.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const { next, message } = readSignInQuery(await searchParams);
  if (await currentOperator()) redirect(next);
  return (
    <div className="sign-in">
      <h1>Sign in to Duly</h1>
      <p className="muted">Operators and viewers sign in with the email and password they were given.</p>
      <SignInForm next={next} error={message} email={message ? lastEmailOf((await cookies()).get(lastEmailCookie.name)?.value) : ""} />
    </div>
  );
}
