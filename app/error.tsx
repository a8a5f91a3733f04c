"use client";
// 500 inside the dashboard's frame: a page that failed while rendering (the database gone, a bug)
// shows this under the same header and navigation, so the operator can go elsewhere or try again.
// The message stays on the server (its log); the page shows only Next's digest, to find it there.
import Link from "@/components/link.tsx";
import { useEffect } from "react";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.warn("[duly] the page failed:", error.digest ?? error.message);
  }, [error]);
  return (
    <>
      <h1>Something went wrong</h1>
      <p role="alert" className="notice notice-error">
        This page could not be shown. Nothing was changed by showing it; try again in a moment.
        {error.digest ? (
          <>
            {" "}
            Reference: <code>{error.digest}</code>.
          </>
        ) : null}
      </p>
      <p>
        <button type="button" onClick={() => reset()}>
          Try again
        </button>{" "}
        <Link href="/overview">Go to the overview</Link>
      </p>
    </>
  );
}
