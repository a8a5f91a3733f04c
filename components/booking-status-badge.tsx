// A booking's status as a pill. The colours reuse the job statuses' (waiting, under way, done
// well, ended badly, stopped); the word carries the meaning.
import type { BookingStatus } from "@/lib/db/generated/enums.ts";

const tone: Record<BookingStatus, string> = {
  requested: "pending",
  accepted: "pending",
  paid: "running",
  closed: "running",
  completed: "running",
  disputed: "dead",
  paid_out: "succeeded",
  settled: "succeeded",
  refunded: "cancelled",
  cancelled: "cancelled",
  declined: "cancelled",
  expired: "cancelled",
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`badge badge-${tone[status]}`}>{status.replace("_", " ")}</span>;
}
