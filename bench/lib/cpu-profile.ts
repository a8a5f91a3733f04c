// A V8 CPU profile of this process over a section (node:inspector, the same sampler as node's
// --cpu-prof, but around the timed drive only, not setup), written as a .cpuprofile that Chrome
// DevTools or speedscope open, and summarised here by self time: the functions, and the areas of
// code (a package, a directory of ours, node's own modules), per job.
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { fmt } from "./stats.ts";

/** This repository's root as the profile's URLs spell it. */
const root = new URL("../../", import.meta.url).href;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface CpuProfiler {
  stop(): Promise<Profile>;
}

/** Samples every `intervalUs` microseconds (V8's default is 1,000). */
export async function startCpuProfile(intervalUs = 500): Promise<CpuProfiler> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: intervalUs });
  await session.post("Profiler.start");
  return {
    async stop() {
      const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: Profile };
      session.disconnect();
      return profile;
    },
  };
}

/** Writes the profile where DevTools and speedscope read it; returns its self-time summary (markdown) per `jobs`. */
export async function writeCpuProfile(file: string, profile: Profile, jobs: number): Promise<string> {
  await writeFile(file, JSON.stringify(profile));
  return summarise(profile, jobs);
}

/** Self ms of each node: the time deltas of the samples that landed in it. */
function selfMs(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  const { samples = [], timeDeltas = [] } = profile;
  // timeDeltas[i] is the time from sample i-1 to sample i: attribute it to sample i's node.
  for (let i = 0; i < samples.length; i++) self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + (timeDeltas[i] ?? 0) / 1000);
  return self;
}

/** Where a frame's code lives: a package, a directory of this repository, a node module, or V8's own. */
export function areaOf(url: string, functionName: string): string {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)";
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  if (url.startsWith("node:")) return `node:${url.slice(5).replace(/^internal\//, "").split("/")[0]}`;
  if (url.startsWith("wasm://")) return "wasm (Prisma's query compiler)";
  if (!url.startsWith(root)) return url;
  const parts = url.slice(root.length).split("/");
  return parts.length > 2 ? parts.slice(0, -1).join("/") : parts[0]!;
}

/** A function's name and place: a package's file and line, or our file (tsx compiles it: its lines are not the source's). */
function placeOf(functionName: string, url: string, lineNumber: number): string {
  const name = functionName || "(anonymous)";
  if (url === "") return name;
  if (url.startsWith(root)) return `${name} ${url.slice(root.length)}`;
  return `${name} ${url.replace(/^.*?\/node_modules\//, "")}:${lineNumber + 1}`;
}

function table(rows: Array<[string, number]>, busy: number, jobs: number, limit: number): string[] {
  return rows
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, ms]) => `| ${name.replace(/\|/g, "\\|")} | ${fmt(ms, 0)} | ${fmt((ms / busy) * 100)} % | ${(ms / jobs).toFixed(3)} |`);
}

function summarise(profile: Profile, jobs: number): string {
  const self = selfMs(profile);
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let idle = 0;
  let total = 0;
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    total += ms;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") idle += ms;
    const area = areaOf(url, functionName);
    const name = placeOf(functionName, url, lineNumber);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
  }
  byFunction.delete("(idle)");
  byArea.delete("(idle)");
  const busy = total - idle;
  const header = ["| %s | self ms | of busy | ms/job |", "| --- | ---: | ---: | ---: |"];
  return [
    `CPU profile of the tick process (main thread, ${(total / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s not idle, ` +
      `${(busy / jobs).toFixed(3)} ms per marketplace job):`,
    "",
    header[0]!.replace("%s", "area"),
    header[1]!,
    ...table([...byArea], busy, jobs, 25),
    "",
    header[0]!.replace("%s", "function (self time)"),
    header[1]!,
    ...table([...byFunction], busy, jobs, 30),
    "",
  ].join("\n");
}
