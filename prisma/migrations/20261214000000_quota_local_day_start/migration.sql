-- When a local date starts, for quota resets (docs/decisions/0014): the first instant whose local
-- date in `zone` is `day` or later. `day::timestamp AT TIME ZONE zone` is that instant on most
-- days, and where a daylight-saving jump swallows midnight (00:00 -> 01:00: Santiago, Cairo,
-- Beirut) PostgreSQL reads the missing time in the offset before the jump, which lands on the end
-- of the jump: the date's first instant again. But where clocks go back from 01:00 to 00:00
-- (Havana, the Azores) midnight happens twice and PostgreSQL takes the second reading: a reset
-- stored there came an hour after the customer's date had turned. So midnight is also read in
-- the offset in force 12 hours before that reading, and that instant is taken when it is earlier
-- and really reads as midnight. The offset is added as seconds (extract(epoch ...)), never as
-- days, so the answer does not depend on the session's TimeZone.
--
-- lib/quotas/local-time.ts localDayStart answers the same question from the runtime's zone
-- data; both are checked on every zone and every day of 2024-2032 (tests/unit and
-- tests/integration quota-local-day-start). PL/pgSQL rather than one SQL expression: each value
-- is computed once (the inlined expression repeated the conversions, and was slower for it);
-- the sweep calls it once per distinct (anchor, zone, date) of a batch.
CREATE FUNCTION quota_local_day_start(day date, zone text) RETURNS timestamptz
    LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
DECLARE
    -- The later reading where midnight happens twice; the end of the jump where it is skipped.
    later timestamptz := day::timestamp AT TIME ZONE zone;
    -- 12 hours earlier: the offset in force before any change around this midnight.
    probe timestamptz := later - interval '12 hours';
    earlier timestamptz := probe + extract(epoch FROM day::timestamp - (probe AT TIME ZONE zone)) * interval '1 second';
BEGIN
    IF earlier < later AND (earlier AT TIME ZONE zone) = day::timestamp THEN
        RETURN earlier;
    END IF;
    RETURN later;
END
$$;

-- Accounts whose next reset was stored at the second midnight: moved to the first.
UPDATE "quota_accounts" a
   SET "next_reset_at" = f.start
  FROM (SELECT "id", quota_local_day_start("next_reset_on", "time_zone") AS start FROM "quota_accounts") f
 WHERE a."id" = f."id" AND a."next_reset_at" <> f.start;
