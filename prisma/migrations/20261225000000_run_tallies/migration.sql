-- Attempts counted per minute, job type and outcome (docs/decisions/0033-run-tallies.md).
--
-- The overview's "failed attempts in the last 24 hours" read every run of the day from job_runs
-- (119 ms p95 at 1M jobs while a tick drained). An index on the outcome would make it cheap, but
-- every run's finish writes the outcome, and an indexed column written makes the update non-HOT:
-- a new index entry in every index of job_runs, in the engine's hot path. Instead each statement
-- that ends attempts adds its counts here, in the same transaction: one row per (minute, type,
-- outcome) it touched, inserted, never updated, so concurrent lanes never wait on each other.
-- Reading 24 hours is then a sum over at most 1,440 minutes x types x outcomes rows once the
-- tick's housekeeping has folded each minute's rows into one (compacted).
CREATE TABLE "job_run_tallies" (
    "id" BIGSERIAL NOT NULL,
    "minute" TIMESTAMPTZ(3) NOT NULL,
    "job_type" TEXT NOT NULL,
    "outcome" "run_outcome" NOT NULL,
    "n" INTEGER NOT NULL,
    -- Started attempts only (outcome 'running'): how late they started after their run time.
    "delay_ms_total" BIGINT NOT NULL DEFAULT 0,
    "delay_ms_max" BIGINT NOT NULL DEFAULT 0,
    "compacted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "job_run_tallies_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "job_run_tallies_minute_idx" ON "job_run_tallies"("minute");
-- What the housekeeping still has to fold: only rows not yet folded, so an idle tick reads nothing.
CREATE INDEX "job_run_tallies_loose_idx" ON "job_run_tallies"("minute") WHERE NOT "compacted";

-- Statement-level triggers with transition tables: one INSERT per statement that starts or ends
-- attempts (a claim, a group's successes, a failure, lease recovery), whatever writes it, with no
-- change to the engine's statements.
--
-- Started: a row inserted 'running' (the claim) is counted under outcome 'running' with how late
-- it started (started_at - the job's run_at, which the claim does not change): the history's lag.
-- Ended: counted when its outcome leaves 'running' (an UPDATE) or when a row is written already
-- ended (an INSERT: imports, tests, benches). 'lost' becoming 'lease_lost' (the worker came back
-- after housekeeping recovered its job) is not counted twice. The minute is the attempt's end in
-- the engine's clock (its start for a started count, or when it has no end).
CREATE FUNCTION duly_tally_runs() RETURNS trigger
    LANGUAGE plpgsql
AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO job_run_tallies (minute, job_type, outcome, n, delay_ms_total, delay_ms_max)
        SELECT date_trunc('minute', CASE WHEN r.outcome = 'running' THEN r.started_at ELSE coalesce(r.finished_at, r.started_at) END),
               j.job_type, r.outcome, count(*)::integer,
               CASE WHEN r.outcome = 'running' THEN coalesce(sum(greatest(0, floor(extract(epoch FROM r.started_at - j.run_at) * 1000)))::bigint, 0) ELSE 0 END,
               CASE WHEN r.outcome = 'running' THEN coalesce(max(greatest(0, floor(extract(epoch FROM r.started_at - j.run_at) * 1000)))::bigint, 0) ELSE 0 END
        FROM new_runs r JOIN scheduled_jobs j ON j.id = r.job_id
        GROUP BY 1, 2, 3;
    ELSE
        INSERT INTO job_run_tallies (minute, job_type, outcome, n)
        SELECT date_trunc('minute', coalesce(r.finished_at, r.started_at)), j.job_type, r.outcome, count(*)::integer
        FROM new_runs r JOIN earlier_runs o ON o.id = r.id JOIN scheduled_jobs j ON j.id = r.job_id
        WHERE o.outcome = 'running' AND r.outcome <> 'running'
        GROUP BY 1, 2, 3;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER "job_runs_tally_inserted" AFTER INSERT ON "job_runs"
    REFERENCING NEW TABLE AS new_runs
    FOR EACH STATEMENT EXECUTE FUNCTION duly_tally_runs();

CREATE TRIGGER "job_runs_tally_updated" AFTER UPDATE ON "job_runs"
    REFERENCING OLD TABLE AS earlier_runs NEW TABLE AS new_runs
    FOR EACH STATEMENT EXECUTE FUNCTION duly_tally_runs();

-- The runs already recorded, so the counts start complete (their start delays are not known:
-- a retried job's run_at has moved since).
INSERT INTO job_run_tallies (minute, job_type, outcome, n, compacted)
SELECT date_trunc('minute', coalesce(r.finished_at, r.started_at)), j.job_type, r.outcome, count(*)::integer, true
FROM job_runs r JOIN scheduled_jobs j ON j.id = r.job_id
WHERE r.outcome <> 'running'
GROUP BY 1, 2, 3;

-- One row per tick the cron route (or npm start's ticker) records: how late the oldest due job
-- was when it started and how many were due when it ended (capped, as the overview counts), so
-- the history can draw lag and queue depth over time. The dashboard's last-tick row
-- (scheduler_state 'last_tick') is overwritten; this keeps the series. Pruned with finished jobs.
CREATE TABLE "tick_history" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "tick_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "lag_ms" BIGINT NOT NULL,
    "due_after" INTEGER NOT NULL,
    "claimed" INTEGER NOT NULL,
    "failed" INTEGER NOT NULL,
    "duration_ms" INTEGER NOT NULL,

    CONSTRAINT "tick_history_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "tick_history_at_idx" ON "tick_history"("at");
