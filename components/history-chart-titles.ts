// The history's four figures: their accessible names and captions, shared by the placeholders
// the server sends (components/history-charts.tsx) and the drawings the browser puts in them
// (components/history-chart-drawings.tsx).
import type { ChartStep } from "@/lib/format/history-chart-data.ts";

export const chartHeight = 240;

export type HistoryChartKind = "succeeded" | "failed" | "delay" | "ticks";

export function historyChartTitles(step: ChartStep): Array<{ kind: HistoryChartKind; label: string; caption: string }> {
  const succeeded = `Attempts succeeded per ${step}, by job type`;
  const failed = `Attempts failed per ${step} (failed, dead, lost), by job type`;
  return [
    { kind: "succeeded", label: succeeded, caption: succeeded },
    { kind: "failed", label: failed, caption: failed },
    { kind: "delay", label: "Start delay", caption: `How late attempts started (the latest of each ${step}, seconds after their run time), by job type` },
    { kind: "ticks", label: "Queue depth and lag", caption: `Per ${step}: the most jobs left due when a tick ended, and the largest lag a tick started with (seconds)` },
  ];
}
