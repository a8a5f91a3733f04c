-- Fair claims (docs/decisions/0026-fair-claims.md).
--
-- Every statement that looks for work (the claim, the next-work probe, the tick's lag) now reads
-- each job type's pending jobs on their own, in run_at order: a range of this index per type
-- (lib/scheduler/sql/pending-of-type.ts). A paused type's backlog is then never read, and one
-- type's backlog never puts another type's due job behind it.
CREATE INDEX "scheduled_jobs_pending_by_type_idx" ON "scheduled_jobs"("job_type", "run_at") WHERE "status" = 'pending';

-- It replaces the run_at-only index of the same rows, which nothing reads any more: the engine's
-- statements read the index above, and the dashboard's lists of pending jobs by time read
-- (status, run_at, id, job_type). One index fewer to keep up on every insert and retry.
DROP INDEX "scheduled_jobs_due_idx";

-- The room a job type with its own limit (JobDefinition.maxRunning) has left: the limit minus
-- its jobs claimed or running, counted under a transaction-scoped advisory lock of the type, or
-- 0 if another transaction holds that lock (another claim of the type is under way: it takes
-- the room, this claim takes none). The claim calls it for each limited type with due work.
--
-- PL/pgSQL, VOLATILE: the count runs with a snapshot taken after the lock was granted, so it
-- sees every claim of the type that committed before (the claim statement's own snapshot was
-- taken before the lock and might not). The lock is released when the claim commits, after its
-- jobs are 'running', so the next claim's count includes them. Never waits: a busy type is
-- skipped, not queued for. Transaction-scoped, so it works behind a transaction-mode pooler.
-- The two-key form with class 1146440788 ("DULT") keeps clear of the single-key advisory locks
-- (migrations, recurring reconciliation).
CREATE FUNCTION duly_job_type_room(job_type text, max_running integer) RETURNS integer
    LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
    IF NOT pg_try_advisory_xact_lock(1146440788, hashtext(job_type)) THEN
        RETURN 0;
    END IF;
    -- Running jobs are few (at most what the ticks' lanes hold): read through the status index.
    RETURN greatest(0, max_running - (SELECT count(*)::integer FROM scheduled_jobs j
                                      WHERE j.status = 'running' AND j.job_type = duly_job_type_room.job_type));
END
$$;
