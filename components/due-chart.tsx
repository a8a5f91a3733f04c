// Jobs due per bucket (day or hour), stacked by type: CSS bars, each column a link (to the
// hourly view of a day) with a label a screen reader reads; the same numbers in a table below.
import Link from "@/components/link.tsx";

export interface ChartColumn {
  key: string;
  label: string;
  href?: string;
  /** Count per job type. */
  counts: Record<string, number>;
}

/** colors: each type's colour (lib/format/job-type-colors.ts: the same on every chart). */
export function DueChart({ columns, types, colors, caption }: { columns: ChartColumn[]; types: string[]; colors: Record<string, string>; caption: string }) {
  const colorOf = (type: string) => colors[type] ?? "#374151";
  const max = Math.max(1, ...columns.map((c) => Object.values(c.counts).reduce((a, b) => a + b, 0)));
  const total = (c: ChartColumn) => Object.values(c.counts).reduce((a, b) => a + b, 0);
  return (
    <figure className="chart card">
      <figcaption className="muted">{caption}</figcaption>
      <div className="bar-chart" role="list">
        {columns.map((column) => {
          const sum = total(column);
          const label = `${column.label}: ${sum} job${sum === 1 ? "" : "s"} due`;
          const bars = (
            <>
              <span className="bar-count">{sum > 0 ? sum : ""}</span>
              {types
                .filter((type) => column.counts[type])
                .map((type) => (
                  <span
                    key={type}
                    className="bar-segment"
                    style={{ height: `${(column.counts[type]! / max) * 100}%`, background: colorOf(type) }}
                    title={`${type}: ${column.counts[type]}`}
                  />
                ))}
              <span className="bar-label">{column.label}</span>
            </>
          );
          return (
            <div key={column.key} className="bar-column" role="listitem">
              {column.href ? (
                <Link href={column.href} className="bar-link" aria-label={`${label}; show per hour`} scroll={false}>
                  {bars}
                </Link>
              ) : (
                <span className="bar-link" aria-label={label}>
                  {bars}
                </span>
              )}
            </div>
          );
        })}
      </div>
      {types.length > 0 ? (
        <ul className="legend" aria-label="Job types">
          {types.map((type) => (
            <li key={type}>
              <span className="swatch" style={{ background: colorOf(type) }} /> <code>{type}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}
