-- Live counts (docs/decisions/0013) extended (issue 13): leave applications per month.
-- The leave analytics (/leaves/analytics/monthly and /yearly) grouped every application of live teachers
-- starting in the year, or in the five years (30,000 at national scale), on each request: 61 and 117 ms
-- p95 with 8 requests in flight. live_counts now also keeps, per month an application starts in
-- (YYYY-MM):
-- - 'leaves:month:YYYY-MM:<status>': how many applications of live teachers, per status;
-- - 'leaves:days:YYYY-MM': the approved days of the approved ones (greatest(1, end - start), the
--   analytics' rule, leaves.repo.ts).
-- The days are a sum, not a count: a key may now carry a weight (live_counts_weights, beside
-- live_counts_keys; 1 for every key without one), and the two statements that add to the counts sum the
-- weights instead of counting rows. A teacher's deletion, restore or removal takes or gives back these
-- rows as it does the others, and an application whose dates change moves between months.

-- The weight of each key of live_counts_keys(tbl), as an SQL array expression of the same length over the
-- row r, or NULL when every key weighs 1.
CREATE FUNCTION "live_counts_weights"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN tbl = 'leaves' THEN 'array[1, 1, 1]'
      || ' || CASE WHEN r.status = ''APPROVED'' THEN array[greatest(1, r.end_date - r.start_date)]'
      || ' ELSE array[]::int[] END'
    ELSE 'NULL::int[]' END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_keys"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN tbl = 'home_visits' THEN 'array[''home_visits'', ''home_visits:'' || r.status]'
      || ' || CASE WHEN r.distance_from_home > 50 THEN array[''home_visits:warnings'']'
      || ' WHEN r.distance_from_home <= 50 THEN array[''home_visits:normal''] ELSE array[]::text[] END'
    WHEN tbl = 'attendance' THEN 'array[''attendance'', ''attendance:'' || r.status]'
      || ' || CASE WHEN r.check_out IS NULL THEN array[''attendance:open''] ELSE array[]::text[] END'
    WHEN tbl = 'leaves' THEN 'array[''leaves'', ''leaves:'' || r.status,'
      || ' ''leaves:month:'' || to_char(r.start_date, ''YYYY-MM'') || '':'' || r.status]'
      || ' || CASE WHEN r.status = ''APPROVED'''
      || ' THEN array[''leaves:days:'' || to_char(r.start_date, ''YYYY-MM'')] ELSE array[]::text[] END'
    WHEN tbl = 'gifts' THEN format('array[%L, %L || '':'' || r.status]', tbl, tbl)
    ELSE format('array[%L]', tbl) END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_changed_sql"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('o.%1$I IS DISTINCT FROM n.%1$I', live_counts_parent_col(tbl))
    || CASE WHEN tbl = ANY(live_counts_teacher_kinds())
      THEN '' ELSE ' OR o.deleted_at IS DISTINCT FROM n.deleted_at' END
    || CASE WHEN tbl IN ('home_visits', 'gifts', 'attendance', 'leaves')
      THEN ' OR o.status IS DISTINCT FROM n.status' ELSE '' END
    || CASE WHEN tbl = 'home_visits'
      THEN ' OR o.distance_from_home IS DISTINCT FROM n.distance_from_home' ELSE '' END
    || CASE WHEN tbl = 'attendance'
      THEN ' OR (o.check_out IS NULL) <> (n.check_out IS NULL)' ELSE '' END
    || CASE WHEN tbl = 'leaves'
      THEN ' OR o.start_date IS DISTINCT FROM n.start_date OR o.end_date IS DISTINCT FROM n.end_date' ELSE '' END
$$;--> statement-breakpoint
-- As in migration 0021 (rows upserted in name order), with the keys' weights summed.
CREATE OR REPLACE FUNCTION "live_counts_add_sql"(tbl text, src text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO live_counts AS c (name, n)
    SELECT k.name, %s * sum(coalesce(k.w, 1)) FROM %s r
      JOIN %I p ON p.id = r.%I AND p.deleted_at IS NULL
      CROSS JOIN LATERAL unnest(%s, %s) AS k(name, w)
      WHERE %s
      GROUP BY k.name ORDER BY k.name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n$q$, sign, src, live_counts_parent_table(tbl),
    live_counts_parent_col(tbl), live_counts_keys(tbl), live_counts_weights(tbl), live_counts_live(tbl))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_of_parents_sql"(tbl text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO live_counts AS c (name, n)
    SELECT k.name, %s * sum(coalesce(k.w, 1)) FROM %I r
      CROSS JOIN LATERAL unnest(%s, %s) AS k(name, w)
      WHERE r.%I = ANY($1) AND %s
      GROUP BY k.name ORDER BY k.name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n$q$, sign, tbl, live_counts_keys(tbl),
    live_counts_weights(tbl), live_counts_parent_col(tbl), live_counts_live(tbl))
$$;--> statement-breakpoint
DELETE FROM "live_counts" WHERE "name" = 'leaves' OR "name" LIKE 'leaves:%';--> statement-breakpoint
DO $$
BEGIN
  EXECUTE live_counts_add_sql('leaves', 'leaves', 1);
END
$$;
