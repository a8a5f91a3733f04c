// Empties tables between the tests of a file: what `TRUNCATE <tables> [RESTART IDENTITY] CASCADE`
// leaves (the named tables and every table referencing them, transitively, empty; with RESTART
// IDENTITY their own sequences back at their start), by DELETE instead of TRUNCATE.
//
// Why not TRUNCATE: it gives each table and index a new file and invalidates them in every
// session, so each connection of the file's pool then rebuilds its cached relations and replans
// its prepared statements. On the few rows a test leaves, that is most of the work: with a pool
// of 10 connections reading the marketplace tables, a reset of the 11 marketplace tables cost
// the server about 200 ms of CPU by TRUNCATE and 18 ms by DELETE (measured on this 2-core
// machine, 100 resets each way, alternated). For tables a test fills with many thousands of
// rows, TRUNCATE stays the cheaper way.
import type { Db } from "../../lib/db/client.ts";

/**
 * Empties `tables` and every table referencing them, as TRUNCATE ... CASCADE (a TRUNCATE without
 * CASCADE must name those anyway). `restartIdentity`: their sequences back at their start too, as
 * RESTART IDENTITY.
 */
export async function emptyTables(db: Db, tables: string[], { restartIdentity = false }: { restartIdentity?: boolean } = {}): Promise<void> {
  await db.$transaction(async (tx) => {
    // The list reaches the block below as a setting of this transaction: a DO block takes no
    // parameters, and identifiers are quoted by format's %I there, never pasted into SQL here.
    await tx.$queryRaw`SELECT set_config('duly_test.empty_tables', ${tables.join(",")}, true), set_config('duly_test.restart_identity', ${String(restartIdentity)}, true)`;
    await tx.$executeRaw`
      DO $$
      DECLARE
        target record;
      BEGIN
        IF EXISTS (SELECT FROM unnest(string_to_array(current_setting('duly_test.empty_tables'), ',')) name WHERE to_regclass(name) IS NULL) THEN
          RAISE EXCEPTION 'emptyTables: no such table among %', current_setting('duly_test.empty_tables');
        END IF;
        -- The named tables and, transitively, the tables whose foreign keys reference them;
        -- the deepest first, so no row is deleted while another still references it.
        FOR target IN
          WITH RECURSIVE closure(rel, depth) AS (
            SELECT to_regclass(name), 0
              FROM unnest(string_to_array(current_setting('duly_test.empty_tables'), ',')) name
            UNION
            SELECT c.conrelid::regclass, closure.depth + 1
              FROM pg_constraint c JOIN closure ON c.confrelid = closure.rel
             WHERE c.contype = 'f' AND c.conrelid <> c.confrelid AND closure.depth < 20
          )
          SELECT rel, n.nspname, r.relname
            FROM closure JOIN pg_class r ON r.oid = closure.rel JOIN pg_namespace n ON n.oid = r.relnamespace
           GROUP BY rel, n.nspname, r.relname
           ORDER BY max(depth) DESC
        LOOP
          EXECUTE format('DELETE FROM %I.%I', target.nspname, target.relname);
          -- RESTART IDENTITY: the sequences its columns own, back to their start.
          PERFORM setval(s.seqrelid, s.seqstart, false)
             FROM pg_depend d JOIN pg_sequence s ON s.seqrelid = d.objid
            WHERE current_setting('duly_test.restart_identity')::boolean
              AND d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
              AND d.refobjid = target.rel AND d.deptype IN ('a', 'i');
        END LOOP;
      END
      $$`;
  });
}
