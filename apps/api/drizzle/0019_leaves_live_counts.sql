-- Live counts (docs/decisions/0013) extended (issue 13):
-- - leave applications: how many applications of live teachers there are, and per status, for the
--   administrator's leave list and its stat tiles. Like an attendance record, an application has no
--   deleted_at of its own: it counts while its teacher is live, and a teacher deleted or restored takes or
--   gives back their applications under their row lock.
-- - 'attendance:open', the records of live teachers without a check-out, for the attendance dashboard's
--   "incomplete" figure (past days without a check-out): the dashboard counted them on each request
--   (38,000 in the bench's seed, 17 ms); it now reads the kept count and takes out the open records of
--   today and later, a day's worth at most. A check-out now moves a count.
-- Which changes of a row move its counts is now a function of its own (live_counts_changed_sql), beside
-- live_counts_keys, so that the next kind or key replaces those two and not the update trigger.
-- The kinds whose parent is their teacher (users) and that have no deletion of their own; every other
-- kind hangs off its student and is deleted softly. One list for the functions below.
CREATE FUNCTION "live_counts_teacher_kinds"() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array['attendance', 'leaves']
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_parent_table"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN tbl = ANY(live_counts_teacher_kinds()) THEN 'users' ELSE 'students' END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_parent_col"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN tbl = ANY(live_counts_teacher_kinds()) THEN 'teacher_id' ELSE 'student_id' END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_live"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN tbl = ANY(live_counts_teacher_kinds()) THEN 'true' ELSE 'r.deleted_at IS NULL' END
$$;--> statement-breakpoint
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
-- The condition (old row o, new row n) under which an update of a row of `tbl` moves its counts: its
-- parent, its deletion, status, (visits) distance or (attendance) check-out changed. Other edits (scores,
-- titles, notes) cost the update trigger one probe.
CREATE FUNCTION "live_counts_changed_sql"(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('o.%1$I IS DISTINCT FROM n.%1$I', live_counts_parent_col(tbl))
    || CASE WHEN tbl = ANY(live_counts_teacher_kinds())
      THEN '' ELSE ' OR o.deleted_at IS DISTINCT FROM n.deleted_at' END
    || CASE WHEN tbl IN ('home_visits', 'gifts', 'attendance', 'leaves')
      THEN ' OR o.status IS DISTINCT FROM n.status' ELSE '' END
    || CASE WHEN tbl = 'home_visits'
      THEN ' OR o.distance_from_home IS DISTINCT FROM n.distance_from_home' ELSE '' END
    || CASE WHEN tbl = 'attendance'
      THEN ' OR (o.check_out IS NULL) <> (n.check_out IS NULL)' ELSE '' END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := live_counts_parent_col(TG_TABLE_NAME);
  pairs text := 'old_rows o JOIN new_rows n ON n.id = o.id WHERE ' || live_counts_changed_sql(TG_TABLE_NAME);
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
  FOREACH tbl IN ARRAY live_counts_teacher_kinds() LOOP
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
    FOREACH tbl IN ARRAY live_counts_teacher_kinds() LOOP
      EXECUTE live_counts_of_parents_sql(tbl, -1) USING array[OLD.id];
    END LOOP;
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
DELETE FROM "live_counts" WHERE "name" IN ('leaves', 'attendance:open') OR "name" LIKE 'leaves:%';--> statement-breakpoint
DO $$
BEGIN
  EXECUTE live_counts_add_sql('leaves', 'leaves', 1);
END
$$;--> statement-breakpoint
INSERT INTO "live_counts" ("name", "n")
  SELECT 'attendance:open', count(*) FROM "attendance" r
    JOIN "users" p ON p.id = r.teacher_id AND p.deleted_at IS NULL
    WHERE r.check_out IS NULL;--> statement-breakpoint
CREATE TRIGGER "leaves_live_counts_insert" AFTER INSERT ON "leaves" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "leaves_live_counts_update" AFTER UPDATE ON "leaves"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "leaves_live_counts_delete" AFTER DELETE ON "leaves" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_counts_after_delete"();
