// Hostile round 2: `npm start` serves a stale build after proxy.ts changed. scripts/lib/next-build.ts
// decides whether to rebuild from the newest mtime under app/, components/, lib/, jobs/, public/
// and a few root files, but proxy.ts (Next 16's proxy: it answers the agenda's bad queries with
// 400) sits at the root and is not in the list. Edit it, run `npm start`: "production build is up
// to date", and the old proxy keeps answering.
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildState } from "../../../scripts/lib/next-build.ts";

describe("what makes the production build stale", () => {
  it("an edited proxy.ts makes the build stale, like an edited page does", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "duly-h2-build-"));
    try {
      await mkdir(path.join(root, ".next"), { recursive: true });
      await mkdir(path.join(root, "app", "agenda"), { recursive: true });
      await writeFile(path.join(root, "app", "agenda", "page.tsx"), "export default function P() { return null; }\n");
      await writeFile(path.join(root, "proxy.ts"), "export function proxy() {}\n");
      await writeFile(path.join(root, ".next", "BUILD_ID"), "x\n");
      const old = new Date(Date.now() - 60_000);
      await utimes(path.join(root, "app", "agenda", "page.tsx"), old, old);
      await utimes(path.join(root, "proxy.ts"), old, old);
      const built = new Date(Date.now() - 30_000);
      await utimes(path.join(root, ".next", "BUILD_ID"), built, built);
      expect(await buildState(root)).toEqual({ stale: false });

      // Control: a page edited after the build makes it stale.
      await utimes(path.join(root, "app", "agenda", "page.tsx"), new Date(), new Date());
      expect((await buildState(root)).stale).toBe(true);
      await utimes(path.join(root, "app", "agenda", "page.tsx"), old, old);

      // proxy.ts edited after the build: Next compiles it into the build, so it is stale too.
      await writeFile(path.join(root, "proxy.ts"), "export function proxy() { /* changed */ }\n");
      expect((await buildState(root)).stale, "proxy.ts changed after .next/BUILD_ID").toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
