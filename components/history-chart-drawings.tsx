"use client";
// The history's charts (recharts), drawn in the browser only (components/history-charts.tsx
// loads this module there): attempts succeeded and failed per bucket stacked by job type, how
// late attempts started per type, and per tick the lag and the jobs left due. A type has the
// same colour here as on the overview (lib/format/job-type-colors.ts). Clicking a bar opens the
// jobs of that type due in that bucket; the table under the charts has the same links for the
// keyboard and screen readers.
import { useRouter } from "next/navigation";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { bucketWindow, chartRows, tickRows, type HistoryChartData } from "@/lib/format/history-chart-data.ts";
import { chartHeight, historyChartTitles, type HistoryChartKind } from "./history-chart-titles.ts";

function jobsHref(window: { from: string; to: string }, type?: string): string {
  const params = new URLSearchParams(window);
  if (type) params.set("type", type);
  return `/jobs?${params.toString()}`;
}

function StackedBars({ data, values, colors, onOpen }: {
  data: HistoryChartData; values: number[][]; colors: Record<string, string>; onOpen: (index: number, type: string) => void;
}) {
  return (
    <ResponsiveContainer width="100%" height={chartHeight}>
      <BarChart data={chartRows(data, values, { skipZero: true })} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" minTickGap={24} tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} width={48} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Legend />
        {data.types.map((type) => (
          <Bar
            key={type}
            dataKey={type}
            stackId="types"
            fill={colors[type]}
            isAnimationActive={false}
            cursor="pointer"
            onClick={(_row, index) => onOpen(index, type)}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function HistoryChartDrawings({ data, colors }: { data: HistoryChartData; colors: Record<string, string> }) {
  const router = useRouter();
  const open = (index: number, type: string) => {
    if (index >= 0 && index < data.keys.length) router.push(jobsHref(bucketWindow(data, index), type));
  };
  const drawing: Record<HistoryChartKind, React.ReactNode> = {
    succeeded: <StackedBars data={data} values={data.succeeded} colors={colors} onOpen={open} />,
    failed: <StackedBars data={data} values={data.failed} colors={colors} onOpen={open} />,
    delay: (
      <ResponsiveContainer width="100%" height={chartHeight}>
        <LineChart data={chartRows(data, data.delaySeconds, { skipZero: false })} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" minTickGap={24} tick={{ fontSize: 12 }} />
          <YAxis width={48} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          {data.types.map((type) => (
            <Line key={type} dataKey={type} stroke={colors[type]} dot={false} connectNulls={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    ),
    ticks: (
      <ResponsiveContainer width="100%" height={chartHeight}>
        <LineChart data={tickRows(data)} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
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
    ),
  };
  return (
    <div className="history-charts">
      {historyChartTitles(data.step).map(({ kind, label, caption }) => (
        <figure key={kind} className="card history-chart" aria-label={label}>
          <figcaption>{caption}</figcaption>
          {drawing[kind]}
        </figure>
      ))}
    </div>
  );
}
