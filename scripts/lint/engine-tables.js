// ESLint rule `duly/engine-tables`: the engine's tables are the engine's (docs/decisions/0024).
// Outside lib/scheduler (tests, bench and migrations aside: eslint.config.js says where it
// applies), code reads and changes the schedule through lib/scheduler/index.ts or the operators'
// entry point lib/scheduler/admin/index.ts, never by naming a table or a Prisma model of it.
//
// What it catches: any string or template text that names an engine table as a word (so
// `db.$queryRaw\`SELECT … FROM scheduled_jobs\``, `Prisma.sql\`…\``, `pg.query("… job_runs …")`
// and `$queryRawUnsafe("…")` alike; `scheduled_job`, the audit log's record type, and index names
// such as `scheduled_jobs_run_at_idx` are other words), and any property access to one of their
// Prisma models (`db.scheduledJob`, `tx.jobRun`, `tx["bulkOperation"]`). Comments are not code and
// may name the tables.

/** The engine's tables: the schedule, its history, its switches and its operators' snapshots. */
export const engineTables = [
  "scheduled_jobs",
  "job_runs",
  "job_type_pauses",
  "recurring_schedules",
  "scheduler_state",
  "bulk_operations",
  "bulk_operation_job_chunks",
  "job_run_tallies",
  "tick_history",
];

/** Their Prisma models, as a client's properties. */
export const engineModels = ["scheduledJob", "jobRun", "jobTypePause", "recurringSchedule", "schedulerState", "bulkOperation", "bulkOperationJobChunk", "jobRunTally", "tickHistory"];

// `\b` treats `_` as a word character: `scheduled_jobs_run_at_idx` does not match.
const tableWord = new RegExp(`\\b(${engineTables.join("|")})\\b`, "i");

const advice = "read or change the schedule through lib/scheduler/index.ts or lib/scheduler/admin/index.ts (docs/decisions/0024)";

/** @type {import("eslint").Rule.RuleModule} */
export const engineTablesRule = {
  meta: {
    type: "problem",
    docs: { description: "Only lib/scheduler names the engine's tables and Prisma models." },
    schema: [],
    messages: {
      table: `"{{name}}" is the engine's table: ${advice}.`,
      model: `"{{name}}" is the Prisma model of an engine table: ${advice}.`,
    },
  },
  create(context) {
    function checkText(node, text) {
      const match = typeof text === "string" ? tableWord.exec(text) : null;
      if (match) context.report({ node, messageId: "table", data: { name: match[1] } });
    }
    return {
      Literal(node) {
        checkText(node, node.value);
      },
      TemplateLiteral(node) {
        // One report per template, at its first mention (a tagged template's quasis are its SQL).
        const text = node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(" ");
        checkText(node, text);
      },
      MemberExpression(node) {
        const name = node.computed
          ? node.property.type === "Literal" && typeof node.property.value === "string" ? node.property.value : null
          : node.property.type === "Identifier" ? node.property.name : null;
        if (name && engineModels.includes(name)) context.report({ node: node.property, messageId: "model", data: { name } });
      },
    };
  },
};

export default { meta: { name: "duly" }, rules: { "engine-tables": engineTablesRule } };
