"use client";
// Posts to better-auth's own endpoint (not a server action) so its rate limit and origin check
// apply to every attempt; a 429 says how long to wait.
import { useState, type FormEvent } from "react";

export function SignInForm({ next }: { next: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const response = await fetch("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: form.get("email"), password: form.get("password") }),
      });
      if (response.ok) {
        // A full navigation, so every server component renders with the new cookie.
        window.location.assign(next);
        return;
      }
      if (response.status === 429) {
        const wait = response.headers.get("x-retry-after");
        setError(`Too many sign-in attempts. Try again in ${wait ?? "a minute"} seconds.`);
      } else if (response.status === 401) {
        setError("That email and password do not match an operator.");
      } else {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        setError(body?.message ?? `Sign-in failed (HTTP ${response.status}).`);
      }
    } catch {
      setError("The server could not be reached. Check your connection and try again.");
    }
    setPending(false);
  }

  return (
    <form className="form card" onSubmit={onSubmit} aria-describedby={error ? "sign-in-error" : undefined}>
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required autoFocus />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error ? (
        <p id="sign-in-error" role="alert" className="notice notice-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
