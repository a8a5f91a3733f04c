// Every page the app serves, read from the app/ folder (each `page.tsx`), so a test that walks
// "every page" covers a page added later without being told. A dynamic segment (`[id]`) gets a
// sample value; route groups (`(name)`) add nothing to the path; private folders (`_lib`) hold no
// pages.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "app");

function segmentOf(name: string, sample: string): string | null {
  if (name.startsWith("(") && name.endsWith(")")) return null;
  if (name.startsWith("[") && name.endsWith("]")) return sample;
  return name;
}

/** The URL path of every page under app/, sorted; `sample` stands in for each dynamic segment. */
export function appPagePaths(sample = "1"): string[] {
  const paths: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isFile() && /^page\.(tsx|ts|jsx|js)$/.test(entry.name)) paths.push(`/${segments.join("/")}`);
      if (!entry.isDirectory() || entry.name.startsWith("_") || entry.name === "api") continue;
      const segment = segmentOf(entry.name, sample);
      walk(path.join(dir, entry.name), segment === null ? segments : [...segments, segment]);
    }
  };
  walk(appDir, []);
  return [...new Set(paths)].sort();
}
