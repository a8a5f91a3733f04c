// alerts.evaluate: every minute, judge lag, dead jobs and failing webhook endpoints, and
// schedule an alerts.deliver job per notice and destination (lib/alerts/evaluate.ts, decision 0036).
import { defineJob } from "../../lib/scheduler/index.ts";
import { evaluateJobDeclaration } from "../../lib/alerts/alert-jobs.ts";
import { evaluateAlerts } from "../../lib/alerts/evaluate.ts";

/** `knownTypes`: the catalogue's job types, read when the job runs (the lag counts only what this deployment runs). */
export function evaluateAlertsJobFor(knownTypes: () => string[]) {
  return defineJob({
    ...evaluateJobDeclaration,
    leaseMs: 30_000,
    handler: async ({ tx, now }) => {
      await evaluateAlerts(tx, now, knownTypes());
    },
  });
}
