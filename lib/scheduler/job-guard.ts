// Shared by the operator operations: each is one guarded UPDATE (WHERE status IN ...); when it
// touches no row this tells the caller why, as a DulyError with a code.
import type { Tx } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";

export async function explainUnchangedJob(tx: Tx, jobId: bigint, operation: string, allowed: string[]): Promise<never> {
  const rows = await tx.$queryRaw<Array<{ status: string }>>`
    SELECT status::text AS status FROM scheduled_jobs WHERE id = ${jobId}`;
  if (!rows[0]) throw new DulyError(ErrorCode.JobNotFound, `job ${jobId} does not exist`);
  throw new DulyError(
    ErrorCode.InvalidJobState,
    `cannot ${operation} job ${jobId}: it is ${rows[0].status} (only ${allowed.join(" or ")} jobs can be)`,
  );
}
