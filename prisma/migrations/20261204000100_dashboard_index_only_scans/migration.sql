-- The dashboard's counts as index-only scans (docs/decisions/0018; measured by
-- `npm run bench:dashboard` on 1,000,000 jobs, bench/RESULTS.md). Each read heap pages one
-- random row at a time: 13,000 for the week's per-day counts, 10,000 for the dead counts,
-- 17,000 for a bulk preview, so each cost 50-250 ms, and several times that while a tick drains.

-- The overview's due per day and per hour, by type, and the jobs list's status filter:
-- (status, run_at) widened with id and job_type. With id, a status filter's page in (run_at, id)
-- order stops after its 51 rows even when thousands of jobs share one run time (a backlog
-- enqueued at one instant made the old index read and sort all of them: 97,000 rows, 200-300 ms);
-- with job_type, the week's pending jobs are counted per day and type from the index alone.
-- Replaces scheduled_jobs_status_run_at_idx (a prefix of it): the engine's writes keep the same
-- number of index entries to maintain.
DROP INDEX "scheduled_jobs_status_run_at_idx";

-- CreateIndex
CREATE INDEX "scheduled_jobs_status_run_at_id_job_type_idx" ON "scheduled_jobs"("status", "run_at", "id", "job_type");

-- The jobs list by type, and a bulk preview of a type's jobs in a window: (job_type, run_at, id)
-- with status, so the preview's per-status, per-hour counts read the index alone. Same key
-- order, so the list's keyset pages are unchanged. Replaces scheduled_jobs_job_type_run_at_id_idx.
DROP INDEX "scheduled_jobs_job_type_run_at_id_idx";

-- CreateIndex
CREATE INDEX "scheduled_jobs_job_type_run_at_id_status_idx" ON "scheduled_jobs"("job_type", "run_at", "id", "status");

-- The overview's dead jobs (in the last 24 h, and in all): only dead jobs are in it, so the
-- engine pays for it only when a job ends dead. Partial: declared here, not in schema.prisma.
CREATE INDEX "scheduled_jobs_dead_finished_at_idx" ON "scheduled_jobs"("finished_at") WHERE "status" = 'dead';

-- Not indexed: the failed attempts of the last 24 h (job_runs). An index whose columns or
-- predicate include outcome would make every run's finish a non-HOT update (measured: 95 % of
-- them are HOT today); that count reads the last day's runs, which lie together in the heap.
