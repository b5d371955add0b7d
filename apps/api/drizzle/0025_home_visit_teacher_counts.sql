-- Live counts (docs/decisions/0013) extended (issue 13): home visits per status and recording teacher,
-- 'home_visits:<status>:<teacher id>'. A search of the visits or of the review queue by a teacher's name
-- ("kandiah": 500 teachers, 16,667 pending visits at national scale) counted every matching visit for the
-- pager's total on each request; it now sums one kept count per matching teacher and counts only the
-- visits of the matching children that those teachers did not record. Knowing the total first also tells
-- the page how dense the matches are (home-visits.repo.ts). A visit whose teacher changes moves its count.
CREATE OR REPLACE FUNCTION "live_counts_keys"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN tbl = 'home_visits' THEN 'array[''home_visits'', ''home_visits:'' || r.status,'
      || ' ''home_visits:'' || r.status || '':'' || r.teacher_id]'
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
      THEN ' OR o.distance_from_home IS DISTINCT FROM n.distance_from_home'
        || ' OR o.teacher_id IS DISTINCT FROM n.teacher_id' ELSE '' END
    || CASE WHEN tbl = 'attendance'
      THEN ' OR (o.check_out IS NULL) <> (n.check_out IS NULL)' ELSE '' END
    || CASE WHEN tbl = 'leaves'
      THEN ' OR o.start_date IS DISTINCT FROM n.start_date OR o.end_date IS DISTINCT FROM n.end_date' ELSE '' END
$$;--> statement-breakpoint
DELETE FROM "live_counts" WHERE "name" = 'home_visits' OR "name" LIKE 'home_visits:%';--> statement-breakpoint
DO $$
BEGIN
  EXECUTE live_counts_add_sql('home_visits', 'home_visits', 1);
END
$$;
