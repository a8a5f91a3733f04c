"use client";
// The jobs table: TanStack Table v9 laying out one server-side page. Sorting is manual: the
// server orders by run time; clicking the header changes the URL, which renders the other
// order. Row selection feeds bulk actions (ids of the selected rows, this page only).
import Link from "@/components/link.tsx";
import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
  type SortingState,
} from "@tanstack/react-table";
import type { JobStatus } from "@/lib/scheduler/index.ts";
import { StatusBadge } from "./status-badge.tsx";

export interface JobsBrowserRow {
  id: string;
  jobType: string;
  /** Already formatted in the operator's zone, naming it. */
  runAtText: string;
  runAtIso: string;
  /** "in 3 h", "2 min ago": against the page's clock, written by the server. */
  runAtRelative: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  subject: string | null;
  key: string | null;
  lastError: string | null;
  paused: boolean;
}

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });
const column = createColumnHelper<typeof features, JobsBrowserRow>();

const columns = column.columns([
  column.display({
    id: "select",
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Select every job on this page"
        checked={table.getIsAllRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input type="checkbox" aria-label={`Select job ${row.original.id}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
    ),
  }),
  column.accessor("id", {
    header: "Job",
    enableSorting: false,
    cell: ({ row }) => (
      <Link href={`/jobs/${row.original.id}`} aria-label={`Job ${row.original.id}`}>
        #{row.original.id}
      </Link>
    ),
  }),
  column.accessor("jobType", {
    header: "Type",
    enableSorting: false,
    cell: ({ row }) => (
      <span className="stack">
        <code className="clip" title={row.original.jobType}>{row.original.jobType}</code>
        {row.original.paused ? <span className="badge badge-paused">type paused</span> : null}
      </span>
    ),
  }),
  column.accessor("runAtIso", {
    id: "runAt",
    header: "Runs at",
    cell: ({ row }) => (
      <span className="zoned-time">
        <time dateTime={row.original.runAtIso} title={row.original.runAtIso}>
          {row.original.runAtText}
        </time>{" "}
        <span className="muted relative-time">({row.original.runAtRelative})</span>
      </span>
    ),
  }),
  column.accessor("status", {
    header: "Status",
    enableSorting: false,
    cell: ({ row }) => (
      <span className="stack">
        <StatusBadge status={row.original.status} />
        {row.original.lastError ? (
          <span className="error-text" title={row.original.lastError}>
            <bdi>{row.original.lastError}</bdi>
          </span>
        ) : null}
      </span>
    ),
  }),
  column.accessor("subject", {
    header: "Business record",
    enableSorting: false,
    cell: ({ row }) =>
      row.original.subject ? (
        <Link href={`/jobs?subject=${encodeURIComponent(row.original.subject)}`}>
          <bdi className="clip" title={row.original.subject}>{row.original.subject}</bdi>
        </Link>
      ) : (
        <span className="muted">none</span>
      ),
  }),
  column.accessor("attempts", {
    header: "Attempts",
    enableSorting: false,
    cell: ({ row }) => `${row.original.attempts} / ${row.original.maxAttempts}`,
  }),
  column.accessor("key", {
    header: "Key",
    enableSorting: false,
    cell: ({ row }) =>
      row.original.key ? (
        <code className="key">
          <bdi>{row.original.key}</bdi>
        </code>
      ) : (
        <span className="muted">none</span>
      ),
  }),
]);

export interface JobsBrowserProps {
  rows: JobsBrowserRow[];
  direction: "asc" | "desc";
  /** The URL of each order (the server builds them: filters stay, the page position resets). */
  sortHrefs: { asc: string; desc: string };
  selectable?: boolean;
}

export function JobsBrowser({ rows, direction, sortHrefs, selectable = false }: JobsBrowserProps) {
  const router = useRouter();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const sorting: SortingState = [{ id: "runAt", desc: direction === "desc" }];
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => row.id,
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting, rowSelection },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      router.push(next[0]?.desc ? sortHrefs.desc : sortHrefs.asc);
    },
    onRowSelectionChange: setRowSelection,
    enableRowSelection: selectable,
  });
  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);

  return (
    <>
      {selectable ? (
        <p className="muted" aria-live="polite">
          {selectedIds.length === 0 ? "Select jobs for a bulk action, or act on everything matching the filter." : `${selectedIds.length} selected on this page.`}
          <input type="hidden" form="bulk-form" name="ids" value={selectedIds.join(",")} />
        </p>
      ) : null}
      <div className="table-wrap">
        <table className="data-table phone-list" aria-label="Jobs">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers
                  .filter((header) => selectable || header.column.id !== "select")
                  .map((header) => {
                    const sorted = header.column.getIsSorted();
                    return (
                      <th key={header.id} scope="col" aria-sort={sorted ? (sorted === "desc" ? "descending" : "ascending") : undefined}>
                        {header.column.getCanSort() ? (
                          <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                            <table.FlexRender header={header} /> {sorted === "desc" ? "↓" : "↑"}
                            <span className="visually-hidden">, change the order</span>
                          </button>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} aria-selected={selectable ? row.getIsSelected() : undefined}>
                {row
                  .getAllCells()
                  .filter((cell) => selectable || cell.column.id !== "select")
                  .map((cell) => (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
