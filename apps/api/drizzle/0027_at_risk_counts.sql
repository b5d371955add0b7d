-- Live counts (docs/decisions/0013) extended (issue 13): the programme's children at risk, counted per set
-- of classifications of their latest measurement, 'measurements:at_risk:<classifications, comma-joined>'
-- (a few dozen names). An administrator's at-risk list, of every condition or of some, counted its
-- children on every request (16,963 index entries, 4 ms at national scale); it now sums the names whose
-- classifications meet the filter's (growth.repo.ts). A measurement's count moves when it stops or starts
-- being its student's latest, at risk, or its classifications change (the growth job's rescoring).
CREATE OR REPLACE FUNCTION "live_counts_keys"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN tbl = 'home_visits' THEN 'array[''home_visits'', ''home_visits:'' || r.status,'
      || ' ''home_visits:'' || r.status || '':'' || r.teacher_id]'
      || ' || CASE WHEN r.distance_from_home > 50 THEN array[''home_visits:warnings'']'
      || ' WHEN r.distance_from_home <= 50 THEN array[''home_visits:normal''] ELSE array[]::text[] END'
    WHEN tbl = 'measurements' THEN 'array[''measurements'']'
      || ' || CASE WHEN r.is_latest AND r.at_risk'
      || ' THEN array[''measurements:at_risk:'' || array_to_string(r.growth_classifications, '','')]'
      || ' ELSE array[]::text[] END'
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
    || CASE WHEN tbl = 'measurements'
      THEN ' OR o.is_latest IS DISTINCT FROM n.is_latest OR o.at_risk IS DISTINCT FROM n.at_risk'
        || ' OR o.growth_classifications IS DISTINCT FROM n.growth_classifications' ELSE '' END
    || CASE WHEN tbl = 'attendance'
      THEN ' OR (o.check_out IS NULL) <> (n.check_out IS NULL)' ELSE '' END
    || CASE WHEN tbl = 'leaves'
      THEN ' OR o.start_date IS DISTINCT FROM n.start_date OR o.end_date IS DISTINCT FROM n.end_date' ELSE '' END
$$;--> statement-breakpoint
DELETE FROM "live_counts" WHERE "name" = 'measurements' OR "name" LIKE 'measurements:%';--> statement-breakpoint
DO $$
BEGIN
  EXECUTE live_counts_add_sql('measurements', 'measurements', 1);
END
$$;
