// `npm run jobs:check` run as a real process against a real database.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { schedule } from "../../../lib/scheduler/index.ts";
import { demoPing } from "../../../jobs/index.ts";

const database = useTestDatabase();
const script = fileURLToPath(new URL("../../../scripts/jobs-check.ts", import.meta.url));
const checkJobs = () =>
  spawnSync(process.execPath, ["--import", "tsx", script], { env: { ...process.env, DATABASE_URL: database.url }, encoding: "utf8" });

describe("jobs:check", () => {
  it("passes when every pending payload fits, and lists the ones that do not", async () => {
    const { db } = database;
    const runAt = new Date("2027-04-01T10:00:00Z");
    await db.$transaction((tx) => schedule(tx, demoPing, { runAt, payload: { note: "fine" } }));
    const clean = checkJobs();
    expect(clean.stdout).toContain("all 1 pending or dead job payloads fit");
    expect(clean.status).toBe(0);

    const broken = await db.$transaction((tx) => schedule(tx, demoPing, { runAt, payload: { note: "soon broken" } }));
    await db.$executeRaw`UPDATE scheduled_jobs SET payload = '{"note": 42}' WHERE id = ${broken.id}`;
    const dirty = checkJobs();
    expect(dirty.status).toBe(1);
    expect(dirty.stdout).toContain("1 of 2 pending or dead jobs no longer fit");
    expect(dirty.stdout).toMatch(new RegExp(`job ${broken.id}\\s+demo.ping \\(payload v1\\): note: .*string`));
  });
});
