// Jobs due per bucket (day or hour), stacked by type: CSS bars, each column a link (to the
// hourly view of a day) with a label a screen reader reads; the same numbers in a table below.
import Link from "next/link";

export interface ChartColumn {
  key: string;
  label: string;
  href?: string;
  /** Count per job type. */
  counts: Record<string, number>;
}

const palette = ["#2f5bd3", "#c2410c", "#15803d", "#7c3aed", "#b45309", "#0e7490", "#be123c", "#4d7c0f"];

export function typeColor(types: string[], type: string): string {
  return palette[types.indexOf(type) % palette.length] ?? palette[0]!;
}

export function DueChart({ columns, types, caption }: { columns: ChartColumn[]; types: string[]; caption: string }) {
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
                    style={{ height: `${(column.counts[type]! / max) * 100}%`, background: typeColor(types, type) }}
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
              <span className="swatch" style={{ background: typeColor(types, type) }} /> <code>{type}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}
