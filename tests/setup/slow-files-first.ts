// Vitest's order for a fresh clone (CI: no results cache yet) is largest file first, which put
// the slowest integration files, short ones like the nine-year quota calendar, near the end of
// the run: one worker then runs them alone while the other idles. This sequencer starts the
// files measured slowest first (tests/setup/file-groups.ts `slowestFirst`), then vitest's own
// order (its cache of durations where there is one). docs/decisions/0034.
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { slowestFirst } from "./file-groups.ts";

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = slowestFirst.findIndex((slow) => file.moduleId.endsWith(slow));
      return index === -1 ? slowestFirst.length : index;
    };
    // Stable: within a project, the slow files in the list's order, the rest as vitest had them.
    const position = new Map(sorted.map((file, index) => [file, index]));
    return [...sorted].sort((a, b) => {
      if (a.project.name !== b.project.name) return position.get(a)! - position.get(b)!;
      return rank(a) - rank(b) || position.get(a)! - position.get(b)!;
    });
  }
}
