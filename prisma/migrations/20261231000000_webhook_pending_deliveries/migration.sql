-- An endpoint's pump (docs/decisions/0044-webhook-pump-per-endpoint.md) reads that endpoint's
-- pending deliveries in id order many times a second; the (endpoint_id, id) index over every
-- delivery would walk its delivered history first. Partial, so Prisma's schema cannot say it
-- (schema.prisma's comment on WebhookDelivery; the drift test names it).
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries"("endpoint_id", "id") WHERE "status" = 'pending';
