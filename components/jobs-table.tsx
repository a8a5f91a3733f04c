"use client";
// The agenda's table. Rows arrive as plain serializable values (ISO strings, no Dates or
// bigints) from the server component, which also did the relative-time arithmetic and wrote the
// run time in the operator's display zone.
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import type { JobStatus } from "@/lib/scheduler/index.ts";
import Link from "@/components/link.tsx";
import { subjectHref } from "@/lib/format/subject-links.ts";
import { StatusBadge } from "./status-badge.tsx";

export interface JobRow {
  id: string;
  jobType: string;
  /** ISO instant, UTC (the <time> element's machine-readable value). */
  runAt: string;
  /** The run time in the operator's display zone, as every page writes times. */
  runAtText: string;
  /** How the run time stands against the page's clock: "in 2 days", "5 minutes late". */
  runAtRelative: string;
  status: JobStatus;
  /** "booking:42", or null for a job that belongs to no business record. */
  subject: string | null;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
}

// TanStack Table v9: features are opted into explicitly; this table needs none (no client sorting).
const features = tableFeatures({});
const column = createColumnHelper<typeof features, JobRow>();

const columns = column.columns([
  column.accessor("jobType", {
    header: "Type",
    cell: ({ row }) => (
      <Link href={`/jobs/${row.original.id}`}>
        <code className="clip" title={row.original.jobType}>{row.original.jobType}</code>
      </Link>
    ),
  }),
  column.accessor("runAt", {
    header: "Runs at",
    cell: ({ row }) => (
      <span className="zoned-time">
        <time dateTime={row.original.runAt} title={row.original.runAt}>
          {row.original.runAtText}
        </time>{" "}
        <span className="muted relative-time">({row.original.runAtRelative})</span>
      </span>
    ),
  }),
  column.accessor("status", {
    header: "Status",
    cell: ({ row }) => (
      <div className="stack">
        <StatusBadge status={row.original.status} />
        {row.original.lastError ? (
          <span className="error-text" title={row.original.lastError}>
            <bdi>{row.original.lastError}</bdi>
          </span>
        ) : null}
      </div>
    ),
  }),
  column.accessor("subject", {
    header: "Business record",
    cell: (info) => {
      const subject = info.getValue();
      if (!subject) return <span className="muted">none</span>;
      const separator = subject.indexOf(":");
      const href = subjectHref(subject.slice(0, separator), subject.slice(separator + 1));
      return href ? (
        <Link href={href}>
          <bdi>{subject}</bdi>
        </Link>
      ) : (
        <bdi>{subject}</bdi>
      );
    },
  }),
  column.accessor("attempts", {
    header: "Attempts",
    cell: ({ row }) => `${row.original.attempts} / ${row.original.maxAttempts}`,
  }),
]);

export function JobsTable({ rows, label }: { rows: JobRow[]; label: string }) {
  // Rows come sorted (soonest first) from the server; the table only lays them out. The React
  // Compiler does not memoize TanStack Table; nothing here is memoized, so that is harmless.
  const table = useTable({ features, data: rows, columns, getRowId: (row) => row.id });

  return (
    <div className="table-wrap">
      <table className="data-table" aria-label={label}>
        <thead>
          {table.getHeaderGroups().map((headerGroup) => (
            <tr key={headerGroup.id}>
              {headerGroup.headers.map((header) => (
                <th key={header.id} scope="col">
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
