"use client";
// Ends the session on the server (better-auth deletes its row and clears the cookie), then
// leaves for the sign-in page with a full navigation so no signed-in page stays in memory.
import { useState } from "react";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className="button button-quiet"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).catch(() => undefined);
        // A full navigation on purpose: no signed-in page may stay in the client's router cache.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign("/sign-in");
      }}
    >
      Sign out
    </button>
  );
}
