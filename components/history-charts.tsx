"use client";
// The history's charts: the four figures and their captions come with the page; the recharts
// drawings inside them are loaded and drawn in the browser only (decision 0041), from the
// compact data the server computed (lib/format/history-chart-data.ts). Rendering the recharts
// charts of 1,440 buckets on the server cost ~175 ms per page even on an idle machine. Until
// the drawings are loaded each figure keeps its place with an empty box of the chart's height.
import { lazy, Suspense, useSyncExternalStore } from "react";
import type { HistoryChartData } from "@/lib/format/history-chart-data.ts";
import { chartHeight, historyChartTitles } from "./history-chart-titles.ts";

export interface HistoryChartsProps {
  data: HistoryChartData;
  colors: Record<string, string>;
}

function Placeholders({ step }: { step: HistoryChartData["step"] }) {
  return (
    <div className="history-charts">
      {historyChartTitles(step).map(({ label, caption }) => (
        <figure key={label} className="card history-chart" aria-label={label} aria-busy="true">
          <figcaption>{caption}</figcaption>
          <div style={{ height: chartHeight }} />
        </figure>
      ))}
    </div>
  );
}

const loadDrawings = () => import("./history-chart-drawings.tsx");
const Drawings = lazy(() => loadDrawings().then((m) => ({ default: m.HistoryChartDrawings })));
// In the browser, start fetching the drawings' chunk as soon as this module runs (with the
// page's scripts), not once hydration is over: the charts then wait for one download, not two.
if (typeof window !== "undefined") void loadDrawings();

const subscribeToNothing = () => () => {};

export function HistoryCharts({ data, colors }: HistoryChartsProps) {
  // False on the server and while hydrating, true once in the browser.
  const inBrowser = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  const placeholders = <Placeholders step={data.step} />;
  if (!inBrowser) return placeholders;
  return (
    <Suspense fallback={placeholders}>
      <Drawings data={data} colors={colors} />
    </Suspense>
  );
}
