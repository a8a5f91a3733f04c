// Where a job's business record lives in the dashboard: a booking's or a dispute's own page;
// records without a page of their own (an auction, a move request) link to their jobs.
export function subjectHref(type: string | null, id: string | null): string | null {
  if (!type || id === null) return null;
  if (/^\d+$/.test(id)) {
    if (type === "booking") return `/bookings/${id}`;
    if (type === "dispute") return `/disputes/${id}`;
  }
  return `/jobs?subject=${encodeURIComponent(`${type}:${id}`)}`;
}
