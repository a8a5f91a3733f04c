-- Engine hardening: recurring schedules record their own errors and can be retired when the
-- code no longer declares them; the catalogue's fingerprint lets a tick notice a new deployment;
-- a run records what an operator asked while it was running.

-- AlterTable
ALTER TABLE "recurring_schedules" ADD COLUMN "last_error" TEXT,
ADD COLUMN "last_error_at" TIMESTAMPTZ(3),
ADD COLUMN "retired_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "job_runs" ADD COLUMN "note" TEXT;

-- CreateTable
CREATE TABLE "scheduler_state" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scheduler_state_pkey" PRIMARY KEY ("key")
);
