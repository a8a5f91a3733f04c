// A job's status as a coloured pill; the colour is a hint, the word carries the meaning.
import type { JobStatus } from "@/lib/scheduler/index.ts";

export function StatusBadge({ status }: { status: JobStatus }) {
  return <span className={`badge badge-${status}`}>{status}</span>;
}
