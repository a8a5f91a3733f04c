-- A bulk action acts on the jobs its preview counted, and no other (docs/decisions/0019): the
-- preview records their ids here, in the same statement that counts them; Confirm runs that
-- operation. Before this, the batches re-read the filter, so jobs created after the preview
-- were changed too, and previewed jobs that finished meanwhile were reported nowhere.
-- No foreign key to scheduled_jobs: a selected id may name no job, and a job may be pruned
-- before its batch comes; both are reported, not refused.
CREATE TABLE "bulk_operation_jobs" (
    "operation_id" TEXT NOT NULL,
    "job_id" BIGINT NOT NULL,

    CONSTRAINT "bulk_operation_jobs_pkey" PRIMARY KEY ("operation_id","job_id")
);

ALTER TABLE "bulk_operation_jobs" ADD CONSTRAINT "bulk_operation_jobs_operation_id_fkey" FOREIGN KEY ("operation_id") REFERENCES "bulk_operations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Why each previewed job was skipped, counted: a tick was running it, it finished (or was
-- cancelled, or pruned) meanwhile, or it no longer matches the filter.
ALTER TABLE "bulk_operations" ADD COLUMN "skipped_running" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "skipped_finished" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "skipped_unmatched" INTEGER NOT NULL DEFAULT 0;
