// npx tsx bench/render-run.ts <run.json> [...]: writes each run's markdown again beside its raw
// JSON (run.md), from the report code as it is now. For runs made before a report column was
// added; the measurements are the JSON's, untouched.
import { readFile, writeFile } from "node:fs/promises";
import { renderMarkdown, type BenchRun } from "./lib/report.ts";

const files = process.argv.slice(2);
if (files.length === 0) throw new Error("usage: npx tsx bench/render-run.ts <run.json> [...]");
for (const file of files) {
  if (!file.endsWith(".json")) throw new Error(`${file}: not a run's .json`);
  const run = JSON.parse(await readFile(file, "utf8")) as BenchRun;
  await writeFile(file.replace(/\.json$/, ".md"), `${renderMarkdown(run)}\n`);
  console.log(`${file.replace(/\.json$/, ".md")} written`);
}
