-- Monthly quotas (issue 7): accounts with what is left of their allowances and when they come
-- back, and a record of every reset. Design: docs/decisions/0014-quota-cycles-and-plan-changes.md.

-- CreateEnum
CREATE TYPE "quota_plan" AS ENUM ('free', 'pro', 'business');

-- CreateTable
CREATE TABLE "quota_accounts" (
    "id" BIGSERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "plan" "quota_plan" NOT NULL,
    "next_plan" "quota_plan",
    "pages" INTEGER NOT NULL,
    "questions" INTEGER NOT NULL,
    "questions_gpt4" INTEGER NOT NULL,
    "documents" INTEGER NOT NULL,
    "anchor_on" DATE NOT NULL,
    "time_zone" TEXT NOT NULL,
    "restored_on" DATE,
    "next_reset_on" DATE NOT NULL,
    "next_reset_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "quota_accounts_pkey" PRIMARY KEY ("id"),
    -- Consumption decrements with a guard (never below zero); this is the database's own
    -- refusal should any other writer forget it.
    CONSTRAINT "quota_accounts_allowances_not_negative"
        CHECK ("pages" >= 0 AND "questions" >= 0 AND "questions_gpt4" >= 0 AND "documents" >= 0)
);

-- CreateTable
-- A log of resets, not a child of the account: no foreign key (its check would cost every reset
-- a lookup and a lock on the account row), and it outlives the account.
CREATE TABLE "quota_resets" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "cycle_on" DATE NOT NULL,
    "due_on" DATE NOT NULL,
    "restored_on" DATE NOT NULL,
    "reset_at" TIMESTAMPTZ(3) NOT NULL,
    "plan" "quota_plan" NOT NULL,
    "swept_by" TEXT NOT NULL,

    CONSTRAINT "quota_resets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
-- The sweep's only access path: "next_reset_at <= now" is a range scan, so a sweep with nothing
-- due reads no row at all however many accounts there are (bench/RESULTS.md, quotas).
CREATE INDEX "quota_accounts_next_reset_at_idx" ON "quota_accounts"("next_reset_at");

-- CreateIndex
CREATE INDEX "quota_resets_account_id_cycle_on_idx" ON "quota_resets"("account_id", "cycle_on");
