-- Alerts that reach someone (issue 15 item 5b, docs/decisions/0036-alerts.md).
--
-- alert_settings: one row (id 1), written by operators on the alerts page. A threshold left
-- NULL is off. The destinations kept here are URLs an operator pastes; the SMTP URL (which
-- carries a password) is only ever read from DULY_ALERT_SMTP_URL, never stored.
CREATE TABLE "alert_settings" (
    "id" INTEGER NOT NULL,
    "lag_seconds" INTEGER,
    "dead_jobs" INTEGER,
    "webhook_failing_minutes" INTEGER,
    "renotify_minutes" INTEGER NOT NULL DEFAULT 60,
    "webhook_url" TEXT,
    "heartbeat_url" TEXT,
    "email_from" TEXT,
    "email_to" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by" TEXT NOT NULL,
    CONSTRAINT "alert_settings_pkey" PRIMARY KEY ("id")
);

-- alert_conditions: what the last evaluation found for each condition ('lag', 'dead_jobs',
-- 'webhook_failing'), so a condition that persists alerts once on the way in, again only after
-- the re-notify interval, and once more when it clears.
CREATE TABLE "alert_conditions" (
    "condition" TEXT NOT NULL,
    "firing" BOOLEAN NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,
    "last_notified_at" TIMESTAMPTZ(3),
    "detail" TEXT NOT NULL,
    "evaluated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "alert_conditions_pkey" PRIMARY KEY ("condition")
);

-- alert_notifications: one message to one destination; each is sent by an alerts.deliver job
-- (the engine's retries and backoff), which sets sent_at when the destination took it.
CREATE TABLE "alert_notifications" (
    "id" BIGSERIAL NOT NULL,
    "condition" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "sent_at" TIMESTAMPTZ(3),
    CONSTRAINT "alert_notifications_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "alert_notifications_created_at_idx" ON "alert_notifications"("created_at");
