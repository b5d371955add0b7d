-- Live counts (docs/decisions/0013): 'attendance:open', the records of live teachers without a
-- check-out, for the attendance dashboard's "incomplete" figure (past days without a check-out). At
-- national scale the dashboard counted them through attendance_open_date_idx on each request (38,000
-- in the bench's seed, 17 ms); now it reads the kept count and takes out the open records of today and
-- later, a day's worth at most. A check-out now moves the count, so the update trigger no longer skips
-- it.
CREATE OR REPLACE FUNCTION "live_counts_keys"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN tbl = 'home_visits' THEN 'array[''home_visits'', ''home_visits:'' || r.status]'
      || ' || CASE WHEN r.distance_from_home > 50 THEN array[''home_visits:warnings'']'
      || ' WHEN r.distance_from_home <= 50 THEN array[''home_visits:normal''] ELSE array[]::text[] END'
    WHEN tbl = 'attendance' THEN 'array[''attendance'', ''attendance:'' || r.status]'
      || ' || CASE WHEN r.check_out IS NULL THEN array[''attendance:open''] ELSE array[]::text[] END'
    WHEN tbl IN ('gifts', 'leaves') THEN format('array[%L, %L || '':'' || r.status]', tbl, tbl)
    ELSE format('array[%L]', tbl) END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := live_counts_parent_col(TG_TABLE_NAME);
  -- Only the rows whose parent, deletion, status, (visits) distance or (attendance) check-out changed
  -- count; other edits cost a probe.
  pairs text := 'old_rows o JOIN new_rows n ON n.id = o.id WHERE '
    || format('o.%1$I IS DISTINCT FROM n.%1$I', col)
    || CASE WHEN TG_TABLE_NAME NOT IN ('attendance', 'leaves')
      THEN ' OR o.deleted_at IS DISTINCT FROM n.deleted_at' ELSE '' END
    || CASE WHEN TG_TABLE_NAME IN ('home_visits', 'gifts', 'attendance', 'leaves')
      THEN ' OR o.status IS DISTINCT FROM n.status' ELSE '' END
    || CASE WHEN TG_TABLE_NAME = 'home_visits'
      THEN ' OR o.distance_from_home IS DISTINCT FROM n.distance_from_home' ELSE '' END
    || CASE WHEN TG_TABLE_NAME = 'attendance'
      THEN ' OR (o.check_out IS NULL) <> (n.check_out IS NULL)' ELSE '' END;
  any_changed boolean;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s)', pairs) INTO any_changed;
  IF NOT any_changed THEN
    RETURN NULL;
  END IF;
  EXECUTE live_counts_lock_parents_sql(TG_TABLE_NAME,
    format('(SELECT o.%1$I FROM %2$s UNION ALL SELECT n.%1$I FROM %2$s)', col, pairs));
  EXECUTE live_counts_add_sql(TG_TABLE_NAME, format('(SELECT o.* FROM %s)', pairs), -1);
  EXECUTE live_counts_add_sql(TG_TABLE_NAME, format('(SELECT n.* FROM %s)', pairs), 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
DELETE FROM "live_counts" WHERE "name" = 'attendance:open';--> statement-breakpoint
INSERT INTO "live_counts" ("name", "n")
  SELECT 'attendance:open', count(*) FROM "attendance" r
    JOIN "users" p ON p.id = r.teacher_id AND p.deleted_at IS NULL
    WHERE r.check_out IS NULL;
