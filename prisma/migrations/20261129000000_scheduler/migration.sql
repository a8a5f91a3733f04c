-- Duly's scheduler: future work as rows, every attempt recorded, recurring schedules as rows.

-- CreateEnum
CREATE TYPE "job_status" AS ENUM ('pending', 'running', 'succeeded', 'dead', 'cancelled');

-- CreateEnum
CREATE TYPE "run_outcome" AS ENUM ('running', 'succeeded', 'failed', 'dead', 'lost', 'lease_lost');

-- CreateEnum
CREATE TYPE "catch_up_policy" AS ENUM ('latest', 'all', 'skip');

-- CreateTable
CREATE TABLE "scheduled_jobs" (
    "id" BIGSERIAL NOT NULL,
    "job_type" TEXT NOT NULL,
    "key" TEXT,
    "run_at" TIMESTAMPTZ(3) NOT NULL,
    "status" "job_status" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 5,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "payload_version" INTEGER NOT NULL DEFAULT 1,
    "subject_type" TEXT,
    "subject_id" TEXT,
    "lease_expires_at" TIMESTAMPTZ(3),
    "locked_by" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "cancelled_by" TEXT,
    "cancel_reason" TEXT,
    "recurring_name" TEXT,

    CONSTRAINT "scheduled_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_runs" (
    "id" BIGSERIAL NOT NULL,
    "job_id" BIGINT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "tick_id" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "outcome" "run_outcome" NOT NULL DEFAULT 'running',
    "error" TEXT,

    CONSTRAINT "job_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recurring_schedules" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "cron" TEXT NOT NULL,
    "time_zone" TEXT NOT NULL DEFAULT 'UTC',
    "job_type" TEXT NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "catch_up" "catch_up_policy" NOT NULL DEFAULT 'latest',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "next_run_at" TIMESTAMPTZ(3) NOT NULL,
    "last_enqueued_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recurring_schedules_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "scheduled_jobs_key_key" ON "scheduled_jobs"("key");

-- CreateIndex
CREATE INDEX "scheduled_jobs_subject_type_subject_id_idx" ON "scheduled_jobs"("subject_type", "subject_id");

-- CreateIndex
CREATE INDEX "scheduled_jobs_status_run_at_idx" ON "scheduled_jobs"("status", "run_at");

-- CreateIndex
CREATE UNIQUE INDEX "job_runs_job_id_attempt_key" ON "job_runs"("job_id", "attempt");

-- CreateIndex
CREATE INDEX "job_runs_started_at_idx" ON "job_runs"("started_at");

-- CreateIndex
CREATE UNIQUE INDEX "recurring_schedules_name_key" ON "recurring_schedules"("name");

-- CreateIndex
CREATE INDEX "recurring_schedules_next_run_at_idx" ON "recurring_schedules"("next_run_at");

-- AddForeignKey
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "scheduled_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Partial indexes (Prisma cannot express these; tests/integration/schema-drift.test.ts names them).
-- The tick's claim reads only this index, so its cost follows what is due, not what is scheduled.
CREATE INDEX "scheduled_jobs_due_idx" ON "scheduled_jobs"("run_at") WHERE "status" = 'pending';
-- The tick's lease sweep reads only running jobs, a handful at any time.
CREATE INDEX "scheduled_jobs_lease_idx" ON "scheduled_jobs"("lease_expires_at") WHERE "status" = 'running';
