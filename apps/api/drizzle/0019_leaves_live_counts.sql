-- Live counts (docs/decisions/0013) extended to leave applications (issue 13): how many applications of
-- live teachers there are, and per status, for the administrator's leave list and its stat tiles. Like
-- an attendance record, an application has no deleted_at of its own: it counts while its teacher is
-- live, and a teacher deleted or restored takes or gives back their applications under their row lock.
CREATE OR REPLACE FUNCTION "live_counts_parent_table"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN tbl IN ('attendance', 'leaves') THEN 'users' ELSE 'students' END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_parent_col"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN tbl IN ('attendance', 'leaves') THEN 'teacher_id' ELSE 'student_id' END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_live"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN tbl IN ('attendance', 'leaves') THEN 'true' ELSE 'r.deleted_at IS NULL' END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_keys"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN tbl = 'home_visits' THEN 'array[''home_visits'', ''home_visits:'' || r.status]'
      || ' || CASE WHEN r.distance_from_home > 50 THEN array[''home_visits:warnings'']'
      || ' WHEN r.distance_from_home <= 50 THEN array[''home_visits:normal''] ELSE array[]::text[] END'
    WHEN tbl IN ('gifts', 'attendance', 'leaves') THEN format('array[%L, %L || '':'' || r.status]', tbl, tbl)
    ELSE format('array[%L]', tbl) END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := live_counts_parent_col(TG_TABLE_NAME);
  -- Only the rows whose parent, deletion, status or (visits) distance changed count; other edits cost a
  -- probe.
  pairs text := 'old_rows o JOIN new_rows n ON n.id = o.id WHERE '
    || format('o.%1$I IS DISTINCT FROM n.%1$I', col)
    || CASE WHEN TG_TABLE_NAME NOT IN ('attendance', 'leaves')
      THEN ' OR o.deleted_at IS DISTINCT FROM n.deleted_at' ELSE '' END
    || CASE WHEN TG_TABLE_NAME IN ('home_visits', 'gifts', 'attendance', 'leaves')
      THEN ' OR o.status IS DISTINCT FROM n.status' ELSE '' END
    || CASE WHEN TG_TABLE_NAME = 'home_visits'
      THEN ' OR o.distance_from_home IS DISTINCT FROM n.distance_from_home' ELSE '' END;
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
-- A teacher deleted or restored takes (or gives back) all their attendance records and applications,
-- under their row lock.
CREATE OR REPLACE FUNCTION "live_counts_users_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone uuid[];
  back uuid[];
  tbl text;
BEGIN
  SELECT array_agg(n.id) FILTER (WHERE o.deleted_at IS NULL AND n.deleted_at IS NOT NULL),
         array_agg(n.id) FILTER (WHERE o.deleted_at IS NOT NULL AND n.deleted_at IS NULL)
    INTO gone, back
    FROM old_rows o JOIN new_rows n ON n.id = o.id;
  FOREACH tbl IN ARRAY array['attendance', 'leaves'] LOOP
    IF gone IS NOT NULL THEN EXECUTE live_counts_of_parents_sql(tbl, -1) USING gone; END IF;
    IF back IS NOT NULL THEN EXECUTE live_counts_of_parents_sql(tbl, 1) USING back; END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A live user removed outright takes their records before the cascade removes them.
CREATE OR REPLACE FUNCTION "live_counts_users_before_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tbl text;
BEGIN
  IF OLD.deleted_at IS NULL THEN
    FOREACH tbl IN ARRAY array['attendance', 'leaves'] LOOP
      EXECUTE live_counts_of_parents_sql(tbl, -1) USING array[OLD.id];
    END LOOP;
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
DELETE FROM "live_counts" WHERE "name" = 'leaves' OR "name" LIKE 'leaves:%';--> statement-breakpoint
DO $$
BEGIN
  EXECUTE live_counts_add_sql('leaves', 'leaves', 1);
END
$$;--> statement-breakpoint
CREATE TRIGGER "leaves_live_counts_insert" AFTER INSERT ON "leaves" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "leaves_live_counts_update" AFTER UPDATE ON "leaves"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "leaves_live_counts_delete" AFTER DELETE ON "leaves" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_counts_after_delete"();
