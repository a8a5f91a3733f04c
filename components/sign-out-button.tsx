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
        window.location.assign("/sign-in");
      }}
    >
      Sign out
    </button>
  );
}
