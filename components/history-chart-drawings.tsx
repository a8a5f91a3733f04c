"use client";
// The history's charts (recharts): attempts succeeded and failed per bucket stacked by job type,
// how late attempts started per type, and per tick the lag and the jobs left due. A type has the
// same colour here as on the overview (lib/format/job-type-colors.ts). Clicking a bar opens the
// jobs of that type due in that bucket; the table under the charts has the same links for the
// keyboard and screen readers.
import { useRouter } from "next/navigation";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface HistoryBucketView {
  key: string;
  /** Axis label: "14:05" or "Mon 14:00". */
  label: string;
  /** ISO instants: the bucket's window, for links to its jobs. */
  from: string;
  to: string;
}

export interface HistorySeries {
  /** Per bucket key, per job type. */
  succeeded: Record<string, Record<string, number>>;
  failed: Record<string, Record<string, number>>;
  maxDelayMs: Record<string, Record<string, number>>;
  ticks: Record<string, { maxLagMs: number; maxDue: number }>;
}

interface Props {
  buckets: HistoryBucketView[];
  types: string[];
  colors: Record<string, string>;
  series: HistorySeries;
  stepLabel: string;
}

const height = 240;

function jobsHref(bucket: HistoryBucketView, type?: string): string {
  const params = new URLSearchParams({ from: bucket.from, to: bucket.to });
  if (type) params.set("type", type);
  return `/jobs?${params.toString()}`;
}

function rowsOf(buckets: HistoryBucketView[], values: Record<string, Record<string, number>>) {
  return buckets.map((b) => ({ label: b.label, key: b.key, ...(values[b.key] ?? {}) }));
}

function StackedBars({ title, buckets, types, colors, values, onOpen }: {
  title: string; buckets: HistoryBucketView[]; types: string[]; colors: Record<string, string>;
  values: Record<string, Record<string, number>>; onOpen: (bucket: HistoryBucketView, type: string) => void;
}) {
  const data = rowsOf(buckets, values);
  return (
    <figure className="card history-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" minTickGap={24} tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} width={48} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          {types.map((type) => (
            <Bar
              key={type}
              dataKey={type}
              stackId="types"
              fill={colors[type]}
              isAnimationActive={false}
              cursor="pointer"
              onClick={(_data, index) => {
                const bucket = buckets[index];
                if (bucket) onOpen(bucket, type);
              }}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function HistoryCharts({ buckets, types, colors, series, stepLabel }: Props) {
  const router = useRouter();
  const open = (bucket: HistoryBucketView, type: string) => router.push(jobsHref(bucket, type));
  const delays = rowsOf(buckets, Object.fromEntries(Object.entries(series.maxDelayMs).map(([k, v]) => [k, Object.fromEntries(Object.entries(v).map(([t, ms]) => [t, ms / 1000]))])));
  const ticks = buckets.map((b) => ({ label: b.label, due: series.ticks[b.key]?.maxDue ?? null, lag: series.ticks[b.key] ? series.ticks[b.key]!.maxLagMs / 1000 : null }));
  return (
    <div className="history-charts">
      <StackedBars title={`Attempts succeeded per ${stepLabel}, by job type`} buckets={buckets} types={types} colors={colors} values={series.succeeded} onOpen={open} />
      <StackedBars title={`Attempts failed per ${stepLabel} (failed, dead, lost), by job type`} buckets={buckets} types={types} colors={colors} values={series.failed} onOpen={open} />
      <figure className="card history-chart" aria-label="Start delay">
        <figcaption>How late attempts started (the latest of each {stepLabel}, seconds after their run time), by job type</figcaption>
        <ResponsiveContainer width="100%" height={height}>
          <LineChart data={delays} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" minTickGap={24} tick={{ fontSize: 12 }} />
            <YAxis width={48} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            {types.map((type) => (
              <Line key={type} dataKey={type} stroke={colors[type]} dot={false} connectNulls={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </figure>
      <figure className="card history-chart" aria-label="Queue depth and lag">
        <figcaption>Per {stepLabel}: the most jobs left due when a tick ended, and the largest lag a tick started with (seconds)</figcaption>
        <ResponsiveContainer width="100%" height={height}>
          <LineChart data={ticks} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" minTickGap={24} tick={{ fontSize: 12 }} />
            <YAxis yAxisId="due" allowDecimals={false} width={48} tick={{ fontSize: 12 }} />
            <YAxis yAxisId="lag" orientation="right" width={48} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            <Line yAxisId="due" dataKey="due" name="due jobs" stroke="#374151" dot={false} isAnimationActive={false} />
            <Line yAxisId="lag" dataKey="lag" name="lag (s)" stroke="#be123c" dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
