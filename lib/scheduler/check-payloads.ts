// Pending jobs were written by older code. This lists the ones whose payload the current
// catalogue can no longer run: unknown type, newer version than the code, or a schema misfit.
import type { DbOrTx } from "../db/client.ts";
import type { Catalogue } from "./job-definition.ts";
import { describeIssues } from "../validation/describe-issues.ts";

export interface PayloadMisfit {
  id: string;
  jobType: string;
  payloadVersion: number;
  problem: string;
}

export async function findPayloadsThatNoLongerFit(db: DbOrTx, catalogue: Catalogue, batchSize = 1000): Promise<PayloadMisfit[]> {
  const misfits: PayloadMisfit[] = [];
  let after = 0n;
  for (;;) {
    const rows = await db.scheduledJob.findMany({
      where: { status: { in: ["pending", "dead"] }, id: { gt: after } },
      orderBy: { id: "asc" },
      take: batchSize,
      select: { id: true, jobType: true, payload: true, payloadVersion: true },
    });
    for (const row of rows) {
      const definition = catalogue.get(row.jobType);
      let problem: string | null = null;
      if (!definition) problem = `unknown job type ${row.jobType}`;
      else if (row.payloadVersion > definition.version)
        problem = `payload version ${row.payloadVersion} is newer than ${definition.name} version ${definition.version}`;
      else {
        const parsed = definition.payload.safeParse(row.payload);
        if (!parsed.success)
          problem = describeIssues(parsed.error);
      }
      if (problem) misfits.push({ id: row.id.toString(), jobType: row.jobType, payloadVersion: row.payloadVersion, problem });
    }
    if (rows.length < batchSize) return misfits;
    after = rows[rows.length - 1]!.id;
  }
}
