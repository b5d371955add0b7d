CREATE INDEX "attendance_open_date_idx" ON "attendance" USING btree ("date","teacher_id") WHERE "attendance"."check_out" is null;--> statement-breakpoint
-- Live counts (docs/decisions/0013) extended to attendance (issue 13): how many records there are, and
-- per status, of live teachers, for the admin dashboard and the review list; and, for home visits, how
-- many lie beyond the location-warning distance (contracts' HOME_VISIT_LIMITS.locationWarningMeters, 50 m;
-- a test holds the two equal) or within it. An attendance record has no deleted_at of its own: it counts
-- while its teacher is live, as a visit counts while its student is.

-- The table a record's parent lives in, and the record's column that points at it.
CREATE FUNCTION "live_counts_parent_table"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN tbl = 'attendance' THEN 'users' ELSE 'students' END
$$;--> statement-breakpoint
CREATE FUNCTION "live_counts_parent_col"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN tbl = 'attendance' THEN 'teacher_id' ELSE 'student_id' END
$$;--> statement-breakpoint
-- Whether a record (alias r) is live on its own.
CREATE FUNCTION "live_counts_live"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN tbl = 'attendance' THEN 'true' ELSE 'r.deleted_at IS NULL' END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_keys"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN tbl = 'home_visits' THEN 'array[''home_visits'', ''home_visits:'' || r.status]'
      || ' || CASE WHEN r.distance_from_home > 50 THEN array[''home_visits:warnings'']'
      || ' WHEN r.distance_from_home <= 50 THEN array[''home_visits:normal''] ELSE array[]::text[] END'
    WHEN tbl IN ('gifts', 'attendance') THEN format('array[%L, %L || '':'' || r.status]', tbl, tbl)
    ELSE format('array[%L]', tbl) END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_add_sql"(tbl text, src text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO live_counts AS c (name, n)
    SELECT k.name, %s * count(*) FROM %s r
      JOIN %I p ON p.id = r.%I AND p.deleted_at IS NULL
      CROSS JOIN LATERAL unnest(%s) AS k(name)
      WHERE %s
      GROUP BY k.name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n$q$, sign, src, live_counts_parent_table(tbl),
    live_counts_parent_col(tbl), live_counts_keys(tbl), live_counts_live(tbl))
$$;--> statement-breakpoint
-- The statement adding `sign` × the live records of `tbl` of the parents $1, whatever their state.
CREATE FUNCTION "live_counts_of_parents_sql"(tbl text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO live_counts AS c (name, n)
    SELECT k.name, %s * count(*) FROM %I r
      CROSS JOIN LATERAL unnest(%s) AS k(name)
      WHERE r.%I = ANY($1) AND %s
      GROUP BY k.name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n$q$, sign, tbl, live_counts_keys(tbl),
    live_counts_parent_col(tbl), live_counts_live(tbl))
$$;--> statement-breakpoint
-- The parents of the rows in `src` are share-locked first (in id order), so a parent's deletion or
-- restore, which counts its records under its own row lock, is never interleaved with a change of them.
CREATE FUNCTION "live_counts_lock_parents_sql"(tbl text, src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT 1 FROM %I WHERE id IN (SELECT %I FROM %s AS src) ORDER BY id FOR SHARE',
    live_counts_parent_table(tbl), live_counts_parent_col(tbl), src)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE live_counts_lock_parents_sql(TG_TABLE_NAME, 'new_rows');
  EXECUTE live_counts_add_sql(TG_TABLE_NAME, 'new_rows', 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := live_counts_parent_col(TG_TABLE_NAME);
  -- Only the rows whose parent, deletion, status or (visits) distance changed count; other edits cost a
  -- probe.
  pairs text := 'old_rows o JOIN new_rows n ON n.id = o.id WHERE '
    || format('o.%1$I IS DISTINCT FROM n.%1$I', col)
    || CASE WHEN TG_TABLE_NAME <> 'attendance' THEN ' OR o.deleted_at IS DISTINCT FROM n.deleted_at' ELSE '' END
    || CASE WHEN TG_TABLE_NAME IN ('home_visits', 'gifts', 'attendance')
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
CREATE OR REPLACE FUNCTION "live_counts_students_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone uuid[];
  back uuid[];
  tbl text;
BEGIN
  SELECT array_agg(n.id) FILTER (WHERE o.deleted_at IS NULL AND n.deleted_at IS NOT NULL),
         array_agg(n.id) FILTER (WHERE o.deleted_at IS NOT NULL AND n.deleted_at IS NULL)
    INTO gone, back
    FROM old_rows o JOIN new_rows n ON n.id = o.id;
  FOREACH tbl IN ARRAY array['activities', 'measurements', 'home_visits', 'gifts'] LOOP
    IF gone IS NOT NULL THEN EXECUTE live_counts_of_parents_sql(tbl, -1) USING gone; END IF;
    IF back IS NOT NULL THEN EXECUTE live_counts_of_parents_sql(tbl, 1) USING back; END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_students_before_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tbl text;
BEGIN
  IF OLD.deleted_at IS NULL THEN
    FOREACH tbl IN ARRAY array['activities', 'measurements', 'home_visits', 'gifts'] LOOP
      EXECUTE live_counts_of_parents_sql(tbl, -1) USING array[OLD.id];
    END LOOP;
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
-- A teacher deleted or restored takes (or gives back) all their attendance records, under their row lock.
CREATE FUNCTION "live_counts_users_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone uuid[];
  back uuid[];
BEGIN
  SELECT array_agg(n.id) FILTER (WHERE o.deleted_at IS NULL AND n.deleted_at IS NOT NULL),
         array_agg(n.id) FILTER (WHERE o.deleted_at IS NOT NULL AND n.deleted_at IS NULL)
    INTO gone, back
    FROM old_rows o JOIN new_rows n ON n.id = o.id;
  IF gone IS NOT NULL THEN EXECUTE live_counts_of_parents_sql('attendance', -1) USING gone; END IF;
  IF back IS NOT NULL THEN EXECUTE live_counts_of_parents_sql('attendance', 1) USING back; END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A live user removed outright takes their attendance records before the cascade removes them.
CREATE FUNCTION "live_counts_users_before_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL THEN
    EXECUTE live_counts_of_parents_sql('attendance', -1) USING array[OLD.id];
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
DROP FUNCTION "live_counts_students_sql"(text, int);--> statement-breakpoint
DROP FUNCTION "live_counts_lock_sql"(text);--> statement-breakpoint
-- The visits are counted again with their location keys; attendance for the first time.
DELETE FROM "live_counts" WHERE "name" = 'home_visits' OR "name" LIKE 'home\_visits:%';--> statement-breakpoint
DO $$
BEGIN
  EXECUTE live_counts_add_sql('home_visits', 'home_visits', 1);
  EXECUTE live_counts_add_sql('attendance', 'attendance', 1);
END
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_live_counts_insert" AFTER INSERT ON "attendance" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "attendance_live_counts_update" AFTER UPDATE ON "attendance"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "attendance_live_counts_delete" AFTER DELETE ON "attendance" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_counts_after_delete"();--> statement-breakpoint
CREATE TRIGGER "users_live_counts_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_counts_users_after_update"();--> statement-breakpoint
CREATE TRIGGER "users_live_counts_delete" BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "live_counts_users_before_delete"();
