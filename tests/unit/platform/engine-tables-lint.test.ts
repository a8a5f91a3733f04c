// The engine's tables are the engine's (docs/decisions/0024): the lint rule duly/engine-tables
// refuses their names in SQL and their Prisma models outside lib/scheduler, and the repository's
// own ESLint configuration applies it everywhere but the engine, tests, the bench and migrations.
import { ESLint, RuleTester } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { engineTablesRule } from "../../../scripts/lint/engine-tables.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: "module" } });

tester.run("duly/engine-tables", engineTablesRule, {
  valid: [
    // Comments may name the tables; other words that contain them are other words.
    "// reads scheduled_jobs through the admin API\nconst n = 1;",
    "db.$queryRaw`SELECT * FROM bookings WHERE id = ${id}`;",
    'recordAudit(tx, { recordType: "scheduled_job", recordId: id });',
    'const index = "scheduled_jobs_run_at_id_idx";',
    "db.booking.findMany();",
    "admin.jobRuns(db);",
  ],
  invalid: [
    { code: "db.$queryRaw`SELECT id FROM scheduled_jobs WHERE id = ${id}`;", errors: [{ messageId: "table", data: { name: "scheduled_jobs" } }] },
    { code: "tx.$executeRaw`DELETE FROM job_type_pauses WHERE job_type = ${t}`;", errors: [{ messageId: "table", data: { name: "job_type_pauses" } }] },
    { code: "Prisma.sql`LEFT JOIN recurring_schedules s ON s.name = d.name`;", errors: [{ messageId: "table", data: { name: "recurring_schedules" } }] },
    { code: 'client.query("SELECT count(*) FROM job_runs");', errors: [{ messageId: "table", data: { name: "job_runs" } }] },
    { code: "db.$queryRawUnsafe(`UPDATE SCHEDULER_STATE SET value = $1`);", errors: [{ messageId: "table", data: { name: "SCHEDULER_STATE" } }] },
    { code: "tx.$queryRaw`SELECT id FROM bulk_operations FOR UPDATE`;", errors: [{ messageId: "table", data: { name: "bulk_operations" } }] },
    { code: "db.scheduledJob.count();", errors: [{ messageId: "model", data: { name: "scheduledJob" } }] },
    { code: "tx.jobRun.findMany({ where: { jobId } });", errors: [{ messageId: "model", data: { name: "jobRun" } }] },
    { code: 'tx["bulkOperation"].update({});', errors: [{ messageId: "model", data: { name: "bulkOperation" } }] },
    { code: "const pauses = db.jobTypePause;", errors: [{ messageId: "model", data: { name: "jobTypePause" } }] },
  ],
});

describe("the repository's ESLint configuration", () => {
  const eslint = new ESLint({ cwd: fileURLToPath(new URL("../../../", import.meta.url)) });
  const snippet = [
    'import { getDb } from "@/lib/db/client.ts";',
    "export async function pauses() {",
    "  const db = getDb();",
    "  const rows = await db.$queryRaw`SELECT job_type FROM job_type_pauses`;",
    "  return [rows, await db.scheduledJob.count()];",
    "}",
    "",
  ].join("\n");

  async function engineTableErrors(filePath: string): Promise<number> {
    const [result] = await eslint.lintText(snippet, { filePath });
    return result!.messages.filter((message) => message.ruleId === "duly/engine-tables").length;
  }

  it("refuses engine tables and models in lib/operations, lib/quotas, lib/marketplace, app, components, jobs and scripts", { timeout: 180_000 }, async () => {
    const outside = ["lib/operations/x.ts", "lib/quotas/x.ts", "lib/marketplace/bookings/x.ts", "app/jobs/page.tsx", "components/x.tsx", "jobs/x.ts", "scripts/x.ts", "proxy.ts"];
    const counts = Object.fromEntries(await Promise.all(outside.map(async (file) => [file, await engineTableErrors(file)] as const)));
    expect(counts).toEqual(Object.fromEntries(outside.map((file) => [file, 2])));
  });

  it("lets the engine, its tests, the bench and migrations name them", { timeout: 180_000 }, async () => {
    const inside = ["lib/scheduler/admin/x.ts", "lib/scheduler/sql/x.ts", "tests/integration/x.test.ts", "bench/x.ts"];
    const counts = Object.fromEntries(await Promise.all(inside.map(async (file) => [file, await engineTableErrors(file)] as const)));
    expect(counts).toEqual(Object.fromEntries(inside.map((file) => [file, 0])));
  });
});
