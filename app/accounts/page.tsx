// Quota accounts: plan, what is left of each allowance against the plan's values, zone, anchor,
// last and next reset (the account's local date, and the instant it happens in the operator's
// zone). Server-side keyset pages in next-reset order; every filter lives in the URL.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { listAccounts, planNames } from "@/lib/quotas/index.ts";
import { formatInZone, toDateTimeLocalValue } from "@/lib/time/zoned-time.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import type { RawSearchParams } from "@/app/_lib/search-params.ts";
import { ZonedTime } from "@/components/zoned-time.tsx";
import { AllowanceList } from "@/components/allowance-list.tsx";
import { accountsHref, parseAccountsQuery } from "./accounts-query.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Accounts and quotas" };

const hourMs = 3_600_000;

export default async function AccountsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  await requireViewer();
  const { zone } = await displayZone();
  const parsed = parseAccountsQuery(await searchParams, zone);
  if (!parsed.ok) {
    return (
      <>
        <h1>Accounts and quotas</h1>
        <p role="alert" className="notice notice-error">
          This link has a bad parameter: {parsed.error}. <Link href="/accounts" className="text-link">Show every account</Link>.
        </p>
      </>
    );
  }
  const { query, filter } = parsed;
  const db = getDb();
  const now = await readWithRetry(async () => (await databaseClock(db))());
  const { rows, next } = await readWithRetry(() => listAccounts(db, { ...filter, limit: 50 }));
  const base = { ...query, after: undefined };
  const presets = [
    { label: "Late", href: accountsHref(base, { from: undefined, to: now }) },
    { label: "Next 24 hours", href: accountsHref(base, { from: now, to: new Date(now.getTime() + 24 * hourMs) }) },
    { label: "Next 7 days", href: accountsHref(base, { from: now, to: new Date(now.getTime() + 7 * 24 * hourMs) }) },
    { label: "Next 30 days", href: accountsHref(base, { from: now, to: new Date(now.getTime() + 30 * 24 * hourMs) }) },
  ];

  return (
    <>
      <div className="page-heading">
        <h1>Accounts and quotas</h1>
        <nav aria-label="Next reset windows" className="presets">
          {presets.map((preset) => (
            <Link key={preset.label} href={preset.href} className="button">
              {preset.label}
            </Link>
          ))}
        </nav>
      </div>
      {/* Keyed by the query, so a preset link's window shows in the fields (see the jobs page). */}
      <form key={accountsHref(base)} className="toolbar" method="get" action="/accounts" aria-label="Filter accounts">
        <label className="field">
          Plan
          <select name="plan" defaultValue={query.plan ?? ""}>
            <option value="">Any</option>
            {planNames.map((plan) => (
              <option key={plan} value={plan}>
                {plan}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Account zone
          <input type="search" name="zone" placeholder="Europe/Berlin" defaultValue={query.zone ?? ""} />
        </label>
        <label className="field">
          Next reset from ({zone})
          <input type="datetime-local" name="from" defaultValue={query.from ? toDateTimeLocalValue(query.from, zone) : ""} />
        </label>
        <label className="field">
          Until ({zone})
          <input type="datetime-local" name="to" defaultValue={query.to ? toDateTimeLocalValue(query.to, zone) : ""} />
        </label>
        <label className="field">
          Name or id
          <input type="search" name="q" defaultValue={query.q ?? ""} />
        </label>
        <button type="submit" className="button button-primary">
          Apply
        </button>
        <Link href="/accounts" className="button">
          Clear
        </Link>
      </form>
      <p className="muted" role="status">
        In next-reset order
        {query.from || query.to ? `, resetting ${query.from ? `from ${formatInZone(query.from, zone)}` : ""}${query.to ? ` before ${formatInZone(query.to, zone)}` : ""}` : ""}.
        Dates are each account&apos;s own local date; instants are in {zone}.
      </p>
      {rows.length === 0 ? (
        <p className="empty">No account matches these filters.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table" aria-label="Accounts">
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Plan</th>
                <th scope="col">Remaining of the plan</th>
                <th scope="col">Zone</th>
                <th scope="col">Anchor</th>
                <th scope="col">Last reset</th>
                <th scope="col">Next reset</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id.toString()}>
                  <th scope="row">
                    <span className="stack">
                      <Link href={`/accounts/${a.id}`}>
                        <bdi className="clip" title={a.name}>{a.name}</bdi>
                      </Link>
                      <span className="muted">account {a.id.toString()}</span>
                    </span>
                  </th>
                  <td>
                    <span className="stack">
                      <span>{a.plan}</span>
                      {a.nextPlan ? <span className="muted">→ {a.nextPlan} at the next reset</span> : null}
                    </span>
                  </td>
                  <td>
                    <AllowanceList account={a} />
                  </td>
                  <td>{a.timeZone}</td>
                  <td>{a.anchorOn}</td>
                  <td>{a.restoredOn ?? <span className="muted">never</span>}</td>
                  <td>
                    <span className="stack">
                      <span>
                        {a.nextResetOn} <span className="muted">({a.timeZone})</span>
                      </span>
                      <ZonedTime now={now} instant={a.nextResetAt} zone={zone} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="pager" aria-label="Pages">
        {query.after ? <Link href={accountsHref(base)}>First page</Link> : null}
        {next ? <Link href={accountsHref(base, { after: next })}>Next →</Link> : null}
      </nav>
    </>
  );
}
