// npm test's summary gives each step's CPU-seconds beside its wall time (scripts/lib/cpu-time.ts,
// docs/decisions/0045): read from bash's `times` after the step's command, whose process tree
// it waited for.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatCpu, parseBashTimes, withCpuTimes } from "../../../scripts/lib/cpu-time.ts";

describe("parseBashTimes", () => {
  it("sums the children's user and system time (the second line), minutes included", () => {
    expect(parseBashTimes("0m0.004s 0m0.001s\n0m1.518s 0m0.230s\n")).toBeCloseTo(1.748, 6);
    expect(parseBashTimes("0m0.020s 0m0.010s\n63m2.500s 4m0.250s\n")).toBeCloseTo(63 * 60 + 2.5 + 4 * 60 + 0.25, 6);
  });

  it("reads a comma as the decimal mark, as bash writes it in such locales", () => {
    expect(parseBashTimes("0m0,004s 0m0,000s\n0m2,500s 0m0,500s\n")).toBeCloseTo(3, 6);
  });

  it("refuses anything else instead of guessing", () => {
    for (const text of ["", "0m1.000s 0m0.000s\n", "garbage\nmore garbage\n", "0m1.0s\n0m1.000s\n", "0m0.0s 0m0.0s\n1.5s 0.2s\n"]) {
      expect(parseBashTimes(text), JSON.stringify(text)).toBeUndefined();
    }
  });
});

describe("formatCpu", () => {
  it("gives tenths below 100 s, whole seconds with thousands separators above", () => {
    expect(formatCpu(7.25)).toBe("7.3 CPU-s");
    expect(formatCpu(3887.6)).toBe("3,888 CPU-s");
    expect(formatCpu(1_234_567)).toBe("1,234,567 CPU-s");
  });

  it("marks a lower bound (a command killed before it was measured) and an unknown", () => {
    expect(formatCpu(120, false)).toBe("≥ 120 CPU-s");
    expect(formatCpu(undefined)).toBe("? CPU-s");
  });
});

describe("withCpuTimes", () => {
  // A real bash, a real process tree: a shell that burns CPU in a grandchild it waits for.
  const runWrapped = (script: string) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "duly-cpu-")), "cpu.txt");
    const wrapped = withCpuTimes("sh", ["-c", script], file);
    const result = spawnSync(wrapped.command, wrapped.args, { encoding: "utf8" });
    return { status: result.status, stdout: result.stdout, cpu: parseBashTimes(readFileSync(file, "utf8")) };
  };

  it("counts the CPU of the command's descendants and keeps its output and exit status", () => {
    // About 0.3 s of CPU in a grandchild (a busy loop bounded by work, not by time).
    const busy = runWrapped(`echo out; sh -c 'i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done'; exit 3`);
    expect(busy.status).toBe(3);
    expect(busy.stdout).toBe("out\n");
    expect(busy.cpu).toBeGreaterThan(0.05);
    const idle = runWrapped("exit 0");
    expect(idle.status).toBe(0);
    expect(idle.cpu).toBeLessThan(busy.cpu!);
  });
});
