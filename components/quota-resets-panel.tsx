// The overview's upcoming quota resets: accounts per local day over the next 7 days, from
// lib/quotas's upcomingResets, and an alarm when accounts are past their reset time (the sweep
// is behind). The agenda lists the accounts themselves.
import Link from "@/components/link.tsx";

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
      {resets === null || resets.total === 0 ? (
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
          <Link href="/agenda">Accounts on the agenda</Link>
        </>
      )}
    </section>
  );
}
