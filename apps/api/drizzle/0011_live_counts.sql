-- Live counts (issue 13, docs/decisions/0013): how many live records of each kind (and per status) there
-- are, for administrators' unfiltered lists and counters, kept exact by triggers in the same transaction
-- as every change. A record counts while it and its student are live (deleted_at null on both).
CREATE TABLE "live_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- The names a record of `tbl` (alias r) counts under: its kind, and kind:status where it has a status.
CREATE FUNCTION "live_counts_keys"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN tbl IN ('home_visits', 'gifts')
    THEN format('array[%L, %L || '':'' || r.status]', tbl, tbl)
    ELSE format('array[%L]', tbl) END
$$;--> statement-breakpoint
-- The statement adding `sign` × the live records of `src` (SQL for rows of `tbl`) whose student is live.
CREATE FUNCTION "live_counts_add_sql"(tbl text, src text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO live_counts AS c (name, n)
    SELECT k.name, %s * count(*) FROM %s r
      JOIN students s ON s.id = r.student_id AND s.deleted_at IS NULL
      CROSS JOIN LATERAL unnest(%s) AS k(name)
      WHERE r.deleted_at IS NULL
      GROUP BY k.name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n$q$, sign, src, live_counts_keys(tbl))
$$;--> statement-breakpoint
-- The statement adding `sign` × the live records of `tbl` of the students $1, whatever their state.
CREATE FUNCTION "live_counts_students_sql"(tbl text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO live_counts AS c (name, n)
    SELECT k.name, %s * count(*) FROM %I r
      CROSS JOIN LATERAL unnest(%s) AS k(name)
      WHERE r.student_id = ANY($1) AND r.deleted_at IS NULL
      GROUP BY k.name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n$q$, sign, tbl, live_counts_keys(tbl))
$$;--> statement-breakpoint
-- The students of the rows in `src` are share-locked first (in id order), so a student's deletion or
-- restore, which counts its records under its own row lock, is never interleaved with a change of them.
CREATE FUNCTION "live_counts_lock_sql"(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT 1 FROM students WHERE id IN (SELECT student_id FROM %s AS src) ORDER BY id FOR SHARE', src)
$$;--> statement-breakpoint
-- Transition tables are visible to the trigger function's own statements only, so each one runs here.
CREATE FUNCTION "live_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE live_counts_lock_sql('new_rows');
  EXECUTE live_counts_add_sql(TG_TABLE_NAME, 'new_rows', 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "live_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Only the rows whose deletion, student or status changed count (score and field edits cost a probe).
  pairs text := 'old_rows o JOIN new_rows n ON n.id = o.id WHERE o.deleted_at IS DISTINCT FROM n.deleted_at'
    || ' OR o.student_id IS DISTINCT FROM n.student_id'
    || CASE WHEN TG_TABLE_NAME IN ('home_visits', 'gifts') THEN ' OR o.status IS DISTINCT FROM n.status' ELSE '' END;
  any_changed boolean;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s)', pairs) INTO any_changed;
  IF NOT any_changed THEN
    RETURN NULL;
  END IF;
  EXECUTE live_counts_lock_sql(
    format('(SELECT o.student_id FROM %s UNION ALL SELECT n.student_id FROM %s)', pairs, pairs));
  EXECUTE live_counts_add_sql(TG_TABLE_NAME, format('(SELECT o.* FROM %s)', pairs), -1);
  EXECUTE live_counts_add_sql(TG_TABLE_NAME, format('(SELECT n.* FROM %s)', pairs), 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "live_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows deleted with their student (a cascade) find no live student: the student's own trigger counted them.
  EXECUTE live_counts_add_sql(TG_TABLE_NAME, 'old_rows', -1);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A student deleted or restored takes (or gives back) all its live records, under its row lock.
CREATE FUNCTION "live_counts_students_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    IF gone IS NOT NULL THEN EXECUTE live_counts_students_sql(tbl, -1) USING gone; END IF;
    IF back IS NOT NULL THEN EXECUTE live_counts_students_sql(tbl, 1) USING back; END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A live student removed outright (not the application's way: it deletes softly first) takes its records
-- before the cascade removes them.
CREATE FUNCTION "live_counts_students_before_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tbl text;
BEGIN
  IF OLD.deleted_at IS NULL THEN
    FOREACH tbl IN ARRAY array['activities', 'measurements', 'home_visits', 'gifts'] LOOP
      EXECUTE live_counts_students_sql(tbl, -1) USING array[OLD.id];
    END LOOP;
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY array['activities', 'measurements', 'home_visits', 'gifts'] LOOP
    EXECUTE live_counts_add_sql(tbl, quote_ident(tbl), 1);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION live_counts_after_insert()', tbl || '_live_counts_insert', tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION live_counts_after_update()', tbl || '_live_counts_update', tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION live_counts_after_delete()', tbl || '_live_counts_delete', tbl);
  END LOOP;
END
$$;--> statement-breakpoint
CREATE TRIGGER "students_live_counts_update" AFTER UPDATE ON "students"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_counts_students_after_update"();--> statement-breakpoint
CREATE TRIGGER "students_live_counts_delete" BEFORE DELETE ON "students"
  FOR EACH ROW EXECUTE FUNCTION "live_counts_students_before_delete"();
