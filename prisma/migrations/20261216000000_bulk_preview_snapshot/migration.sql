-- A bulk action acts on the jobs its preview counted, and no other (docs/decisions/0019): the
-- preview records their ids here, in the same statement that counts them; Confirm runs that
-- operation. Before this, the batches re-read the filter, so jobs created after the preview
-- were changed too, and previewed jobs that finished meanwhile were reported nowhere.
--
-- The ids are kept in sorted chunks of up to 1,000 (an array per row), not a row per job: a
-- preview of 20,000 jobs writes 20 rows instead of 20,000 index entries (its cost went from 10-16
-- ms to 21-24 ms, where a row per job made it about 400 ms), and a batch reads the one or two
-- chunks after its cursor (lib/operations/bulk-preview.ts).
-- No foreign key to scheduled_jobs: a selected id may name no job, and a job may be pruned
-- before its batch comes; both are reported, not refused.
CREATE TABLE "bulk_operation_job_chunks" (
    "operation_id" TEXT NOT NULL,
    "last_job_id" BIGINT NOT NULL,
    "job_ids" BIGINT[],

    CONSTRAINT "bulk_operation_job_chunks_pkey" PRIMARY KEY ("operation_id","last_job_id")
);

ALTER TABLE "bulk_operation_job_chunks" ADD CONSTRAINT "bulk_operation_job_chunks_operation_id_fkey" FOREIGN KEY ("operation_id") REFERENCES "bulk_operations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Why each previewed job was skipped, counted: a tick was running it, it finished (or was
-- cancelled, or pruned) meanwhile, or it no longer matches the filter.
ALTER TABLE "bulk_operations" ADD COLUMN "skipped_running" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "skipped_finished" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "skipped_unmatched" INTEGER NOT NULL DEFAULT 0;
