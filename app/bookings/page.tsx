// Every booking, filtered, ordered by event time and paged on the server (keyset); all of it in
// the URL. Each row shows its parties, amount and the next job the engine will run for it.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { countBookings, listBookings } from "@/lib/operations/booking-list.ts";
import { formatMinor } from "@/lib/format/money.ts";
import { formatInZone, formatLocal, toDateTimeLocalValue } from "@/lib/time/zoned-time.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import type { RawSearchParams } from "@/app/_lib/search-params.ts";
import { BookingStatusBadge } from "@/components/booking-status-badge.tsx";
import { ZonedTime } from "@/components/zoned-time.tsx";
import { bookingStatuses, bookingsHref, pageSizes, parseBookingsQuery } from "./bookings-query.ts";
import { sameZone } from "@/lib/validation/zone-names.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Bookings" };

export default async function BookingsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  await requireViewer();
  const { zone } = await displayZone();
  const parsed = parseBookingsQuery(await searchParams, zone);
  if (!parsed.ok) {
    return (
      <>
        <h1>Bookings</h1>
        <p role="alert" className="notice notice-error">
          This link has a bad parameter: {parsed.error}. <Link href="/bookings">Show every booking</Link>.
        </p>
      </>
    );
  }
  const query = parsed.query;
  const db = getDb();
  const now = await readWithRetry(async () => (await databaseClock(db))());
  const page = await readWithRetry(() => listBookings(db, query));
  const { count, capped } = await readWithRetry(() => countBookings(db, query));
  const base = { ...query, after: undefined, before: undefined };
  const presets = [
    { label: "Upcoming events", href: bookingsHref(base, { status: undefined, from: now, to: undefined, dir: "asc" }) },
    { label: "Past events", href: bookingsHref(base, { status: undefined, from: undefined, to: now, dir: "desc" }) },
    { label: "Awaiting the chef", href: bookingsHref(base, { status: "requested", from: undefined, to: undefined, dir: "asc" }) },
    { label: "Disputed", href: bookingsHref(base, { status: "disputed", from: undefined, to: undefined, dir: "asc" }) },
  ];
  const filtered = query.status || query.from || query.to || query.search;

  return (
    <>
      <div className="page-heading">
        <h1>Bookings</h1>
        <nav aria-label="Quick filters" className="presets">
          {presets.map((preset) => (
            <Link key={preset.label} href={preset.href} className="button">
              {preset.label}
            </Link>
          ))}
        </nav>
      </div>
      {/* Keyed by the query, so a preset link's filter shows in the fields (see the jobs page). */}
      <form key={bookingsHref(base)} className="toolbar" method="get" action="/bookings" aria-label="Filter bookings">
        <label className="field">
          Status
          <select name="status" defaultValue={query.status ?? ""}>
            <option value="">Any</option>
            {bookingStatuses.map((status) => (
              <option key={status} value={status}>
                {status.replace("_", " ")}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Event from ({zone})
          <input type="datetime-local" name="from" defaultValue={query.from ? toDateTimeLocalValue(query.from, zone) : ""} />
        </label>
        <label className="field">
          Until ({zone})
          <input type="datetime-local" name="to" defaultValue={query.to ? toDateTimeLocalValue(query.to, zone) : ""} />
        </label>
        <label className="field">
          Customer or chef
          <input type="search" name="q" placeholder="name, email or booking id" defaultValue={query.search ?? ""} />
        </label>
        <label className="field">
          Per page
          <select name="size" defaultValue={String(query.pageSize)}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <input type="hidden" name="dir" value={query.direction} />
        <button type="submit" className="button button-primary">
          Apply
        </button>
        <Link href="/bookings" className="button">
          Clear
        </Link>
      </form>
      <p className="muted" role="status">
        {capped ? `More than ${count.toLocaleString("en")}` : count.toLocaleString("en")} matching booking{count === 1 ? "" : "s"}
        {query.from || query.to ? `, events ${query.from ? `from ${formatInZone(query.from, zone)}` : ""}${query.to ? ` until ${formatInZone(query.to, zone)}` : ""}` : ""}.
      </p>
      {page.rows.length === 0 ? (
        <p className="empty">
          {filtered ? "No booking matches these filters." : "No bookings yet: they appear here when customers request chefs."}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="data-table phone-list" aria-label="Bookings">
            <thead>
              <tr>
                <th scope="col">Booking</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <Link href={bookingsHref(base, { dir: query.direction === "asc" ? "desc" : "asc" })} aria-label={`Event (${zone}), sorted ${query.direction === "asc" ? "earliest" : "latest"} first; change the order`}>
                    Event ({zone}) {query.direction === "asc" ? "↑" : "↓"}
                  </Link>
                </th>
                <th scope="col">Customer → chef</th>
                <th scope="col">Amount</th>
                <th scope="col">Next job</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={row.id}>
                  <td className="nowrap">
                    <Link href={`/bookings/${row.id}`}>Booking {row.id}</Link>
                  </td>
                  <td>
                    <BookingStatusBadge status={row.status} />
                  </td>
                  <td>
                    <ZonedTime now={now} instant={row.eventAt} zone={zone} />
                    {!sameZone(row.timeZone, zone) ? (
                      <div className="muted">
                        local: {formatLocal(row.eventAt, row.timeZone, { seconds: false })} {row.timeZone}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    <span className="clip-wide" title={`${row.customer.name} → ${row.chef.name}`}>
                      <bdi>{row.customer.name}</bdi> → <bdi>{row.chef.name}</bdi>
                    </span>
                  </td>
                  <td className="nowrap">{formatMinor(row.priceMinor, row.currency)}</td>
                  <td>
                    {row.nextJob ? (
                      <span className="stack">
                        <Link href={`/jobs/${row.nextJob.id}`}>
                          <code className="clip" title={row.nextJob.jobType}>{row.nextJob.jobType.replace(/^marketplace\./, "")}</code>
                        </Link>
                        <ZonedTime now={now} instant={row.nextJob.runAt} zone={zone} />
                      </span>
                    ) : (
                      <span className="muted">none</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="pager" aria-label="Pages">
        {page.previous || query.after || query.before ? <Link href={bookingsHref(base)}>First page</Link> : null}
        {page.previous ? <Link href={bookingsHref(base, { before: page.previous })}>← Previous</Link> : null}
        {page.next ? <Link href={bookingsHref(base, { after: page.next })}>Next →</Link> : null}
      </nav>
    </>
  );
}
