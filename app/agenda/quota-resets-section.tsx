// The agenda's quota resets (issue 7): how many accounts get their allowances back on each day
// of the window, and which, beside the jobs. A reset is not a job (the 15-minute sweep resets
// every due account at once), so it is read from quota_accounts by lib/quotas, not the engine.
// Thin: the rows arrive ready to print. A reset's date is the account's own local date; its
// instant is shown in the operator's display zone, like every time on the page.
import type { UpcomingResets } from "@/lib/quotas/index.ts";
import { ZonedTime } from "@/components/zoned-time.tsx";

/** Accounts listed at most; the per-day counts cover them all. */
export const quotaAccountLimit = 100;

export function QuotaResetsSection({ resets, days, zone, now }: { resets: UpcomingResets; days: number; zone: string; now: Date }) {
  const title = `Quota resets in the next ${days === 1 ? "day" : `${days} days`}`;
  return (
    <section aria-labelledby="quota-resets-heading" className="agenda-section">
      <h2 id="quota-resets-heading">{title}</h2>
      <p className="muted">
        Accounts whose monthly allowances come back in the window, by their own local date (each resets at local
        midnight in its zone; the sweep runs every 15 minutes). Each reset leaves a record in <code>quota_resets</code>.
      </p>
      {resets.late > 0 ? (
        <p role="status" className="notice notice-error">
          {resets.late} account(s) past their reset time are not reset yet: the sweep is behind or not running.
        </p>
      ) : null}
      {resets.total === 0 ? (
        <p className="empty">No quota resets in this window.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="data-table" aria-label="Quota resets per day">
              <thead>
                <tr>
                  <th scope="col">Local date</th>
                  <th scope="col">Accounts</th>
                </tr>
              </thead>
              <tbody>
                {resets.days.map((day) => (
                  <tr key={day.day}>
                    <td>{day.day}</td>
                    <td>{day.accounts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="table-wrap">
            <table className="data-table" aria-label="Accounts to reset">
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Resets on</th>
                  <th scope="col">At ({zone})</th>
                  <th scope="col">Zone</th>
                </tr>
              </thead>
              <tbody>
                {resets.accounts.map((account) => (
                  <tr key={account.id.toString()}>
                    <td>
                      <bdi>{account.name}</bdi> <span className="muted">#{account.id.toString()}</span>
                    </td>
                    <td>{account.nextPlan ? `${account.plan} → ${account.nextPlan}` : account.plan}</td>
                    <td>{account.nextResetOn}</td>
                    <td>
                      <ZonedTime now={now} instant={account.nextResetAt} zone={zone} />
                    </td>
                    <td>{account.timeZone}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {resets.accounts.length < resets.total ? (
            <p className="muted">Showing the first {resets.accounts.length} of {resets.total} accounts.</p>
          ) : null}
        </>
      )}
    </section>
  );
}
