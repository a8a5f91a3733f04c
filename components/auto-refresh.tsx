"use client";
// Re-renders the page's server components every `seconds` (router.refresh keeps the URL, the
// scroll position and any form the operator is filling in), and not while the tab is hidden.
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

/** `renderedAt`: the ISO instant; `renderedText`: the same in the operator's display zone, as the page shows every time. */
export function AutoRefresh({ seconds, renderedAt, renderedText }: { seconds: number; renderedAt: string; renderedText: string }) {
  const router = useRouter();
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [router, seconds, paused]);
  return (
    <p className="muted refresh-note">
      Updated <time dateTime={renderedAt}>{renderedText}</time>; {paused ? "auto-refresh paused" : `refreshes every ${seconds} s`}.{" "}
      <button type="button" className="button button-quiet" onClick={() => setPaused((p) => !p)}>
        {paused ? "Resume auto-refresh" : "Pause auto-refresh"}
      </button>
    </p>
  );
}
