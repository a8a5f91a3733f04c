// Find anything: the header's search box lands here. One match: straight to its page; several:
// listed with links; none: said so, with what the box understands.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { redirect } from "next/navigation";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { findAnything, jobMatchLimit } from "@/lib/operations/find-anything.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { parseSearchQuery } from "@/app/search/search-query.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Find" };

function Help() {
  return (
    <ul className="muted">
      <li>a job id: <code>123</code> or <code>#123</code> (a bare number also finds booking 123 and dispute 123)</li>
      <li>a business record: <code>booking:42</code>, <code>dispute:7</code>, <code>auction:3</code></li>
      <li>an email: a customer&apos;s or chef&apos;s bookings, an operator&apos;s actions</li>
      <li>a job key or its start: <code>booking:42:</code></li>
      <li>a value in a job&apos;s payload: <code>bookingId=42</code> or <code>{`{"bookingId": 42}`}</code></li>
    </ul>
  );
}

export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireViewer();
  const parsed = parseSearchQuery(await searchParams);
  // proxy.ts answers a bad query with 400 before this page runs; this is the page's own guard.
  const terms = parsed.ok ? parsed.terms : null;
  const matches = terms ? await readWithRetry(() => findAnything(getDb(), terms)) : [];
  if (terms && matches.length === 1) redirect(matches[0]!.href);
  return (
    <>
      <h1>Find</h1>
      {!terms ? (
        <>
          <p>Type in the box at the top of every page (or press <kbd>/</kbd>) any of:</p>
          <Help />
        </>
      ) : matches.length === 0 ? (
        <>
          <p role="status">
            Nothing matches <q><bdi>{terms.text}</bdi></q>. The box understands:
          </p>
          <Help />
        </>
      ) : (
        <>
          <p role="status">
            {matches.length} matches for <q><bdi>{terms.text}</bdi></q>
            {matches.filter((m) => m.kind === "job").length >= jobMatchLimit ? ` (the first ${jobMatchLimit} jobs)` : ""}:
          </p>
          <ul className="search-results" data-list="search">
            {matches.map((match) => (
              <li key={`${match.kind}-${match.href}`} data-row>
                <Link href={match.href}>{match.label}</Link> <span className="muted">{match.detail}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
