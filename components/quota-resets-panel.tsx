// The overview's slot for upcoming quota resets. Its data comes from lib/quotas's
// upcomingResets(db, { now, to, limit }) once the quotas work is merged: the overview passes
// its result here (the shape below is that function's). Until then: an empty state saying so.
import Link from "next/link";

export interface QuotaResetsSummary {
  /** Accounts whose reset time has passed and no sweep has reset yet. */
  late: number;
  days: Array<{ day: string; accounts: number }>;
  total: number;
}

export function QuotaResetsPanel({ resets }: { resets: QuotaResetsSummary | null }) {
  return (
    <section aria-labelledby="resets-heading" className="card">
      <h2 id="resets-heading">Upcoming quota resets</h2>
      {resets === null ? (
        <p className="muted">Quota resets will show here once accounts and plans are set up.</p>
      ) : resets.total === 0 ? (
        <p className="muted">No account resets in the next 7 days.</p>
      ) : (
        <>
          {resets.late > 0 ? (
            <p role="alert" className="notice notice-error">
              {resets.late} account(s) are past their reset time: the reset sweep is behind.
            </p>
          ) : null}
          <ul>
            {resets.days.map((d) => (
              <li key={d.day}>
                {d.day}: {d.accounts} account{d.accounts === 1 ? "" : "s"}
              </li>
            ))}
          </ul>
          <Link href="/accounts">Accounts</Link>
        </>
      )}
    </section>
  );
}
