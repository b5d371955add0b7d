-- Each student's name as searched, beside their kept counts (docs/decisions/0013, "each child's name and
-- gifts"): a search by a child's name reads this narrow table (its trigram index, then its rows: 807 pages
-- for 50,000 students, where students has 2,101) and sums the named children's activities or gifts as it
-- reads them, where it read the students' rows and then probed each named child's counts (1,853 probes
-- for "nila1" at national scale). Every student has a row; the columns copied from the student follow it
-- by the triggers below.
ALTER TABLE "student_counts" ADD COLUMN "gifts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_counts" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_counts" ADD COLUMN "assigned_teacher_id" uuid;--> statement-breakpoint
ALTER TABLE "student_counts" ADD COLUMN "live" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A row is updated at each activity or gift recorded or deleted: room left in each page keeps those updates
-- within the page (HOT), writing no index entry (the trigram index's among them) and leaving the table its
-- size. Filled, all but 515 of the national seed's 100,500 updates wrote new index entries, and the table
-- grew threefold (docs/benchmarks.md, twenty-second session).
ALTER TABLE "student_counts" SET (fillfactor = 70);--> statement-breakpoint
-- The student's own columns, as each student is added (a statement's rows in id order).
CREATE FUNCTION "student_counts_students_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_counts AS c (student_id, search_name, assigned_teacher_id, live)
    SELECT id, search_name, assigned_teacher_id, deleted_at IS NULL FROM new_rows ORDER BY id
  ON CONFLICT (student_id) DO UPDATE SET search_name = excluded.search_name,
    assigned_teacher_id = excluded.assigned_teacher_id, live = excluded.live;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A row at a time, and only when the name, the teacher or the deletion changes (the trigger's condition):
-- the measurements' triggers update every measured student's last_measured_on, which changes none of
-- them. (A trigger naming columns cannot have transition tables.)
CREATE FUNCTION "student_counts_students_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_counts AS c (student_id, search_name, assigned_teacher_id, live)
    VALUES (NEW.id, NEW.search_name, NEW.assigned_teacher_id, NEW.deleted_at IS NULL)
  ON CONFLICT (student_id) DO UPDATE SET search_name = excluded.search_name,
    assigned_teacher_id = excluded.assigned_teacher_id, live = excluded.live;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "students_student_counts_insert" AFTER INSERT ON "students"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_counts_students_after_insert"();--> statement-breakpoint
CREATE TRIGGER "students_student_counts_update" AFTER UPDATE ON "students" FOR EACH ROW
  WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name
    OR OLD.assigned_teacher_id IS DISTINCT FROM NEW.assigned_teacher_id
    OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION "student_counts_students_after_update"();--> statement-breakpoint
-- Each student's live activities (0030) and gifts, by one set of functions: the table's name is the
-- column's. Each statement's difference per student, in student id order, after the live_counts triggers
-- (their names sort first), which share-lock the students. Transition tables are visible to the trigger
-- function's own statements only, so each one runs here.
CREATE FUNCTION "student_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$INSERT INTO student_counts AS c (student_id, %1$I)
    SELECT student_id, count(*) FROM new_rows WHERE deleted_at IS NULL
    GROUP BY student_id ORDER BY student_id
  ON CONFLICT (student_id) DO UPDATE SET %1$I = c.%1$I + excluded.%1$I$q$, TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only the rows deleted, restored or moved to another student count.
CREATE FUNCTION "student_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$INSERT INTO student_counts AS c (student_id, %1$I)
    SELECT student_id, sum(d) FROM (
      SELECT o.student_id, -1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.deleted_at IS NULL AND (n.deleted_at IS NOT NULL OR n.student_id IS DISTINCT FROM o.student_id)
      UNION ALL
      SELECT n.student_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.deleted_at IS NULL AND (o.deleted_at IS NOT NULL OR n.student_id IS DISTINCT FROM o.student_id)
    ) changed
    GROUP BY student_id HAVING sum(d) <> 0 ORDER BY student_id
  ON CONFLICT (student_id) DO UPDATE SET %1$I = c.%1$I + excluded.%1$I$q$, TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Rows removed with their student (a cascade) find no student: its row goes with it (the foreign key).
CREATE FUNCTION "student_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$INSERT INTO student_counts AS c (student_id, %1$I)
    SELECT o.student_id, -count(*) FROM old_rows o
    WHERE o.deleted_at IS NULL AND EXISTS (SELECT 1 FROM students s WHERE s.id = o.student_id)
    GROUP BY o.student_id ORDER BY o.student_id
  ON CONFLICT (student_id) DO UPDATE SET %1$I = c.%1$I + excluded.%1$I$q$, TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "activities_student_counts_insert" ON "activities";--> statement-breakpoint
DROP TRIGGER "activities_student_counts_update" ON "activities";--> statement-breakpoint
DROP TRIGGER "activities_student_counts_delete" ON "activities";--> statement-breakpoint
DROP FUNCTION "student_counts_activities_after_insert"();--> statement-breakpoint
DROP FUNCTION "student_counts_activities_after_update"();--> statement-breakpoint
DROP FUNCTION "student_counts_activities_after_delete"();--> statement-breakpoint
CREATE TRIGGER "activities_student_counts_insert" AFTER INSERT ON "activities"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "activities_student_counts_update" AFTER UPDATE ON "activities"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "student_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "activities_student_counts_delete" AFTER DELETE ON "activities"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_counts_after_delete"();--> statement-breakpoint
CREATE TRIGGER "gifts_student_counts_insert" AFTER INSERT ON "gifts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "gifts_student_counts_update" AFTER UPDATE ON "gifts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "student_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "gifts_student_counts_delete" AFTER DELETE ON "gifts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_counts_after_delete"();--> statement-breakpoint
-- Every student's row written afresh (into pages filled to the new fillfactor): their own columns and the
-- counts of their live activities and gifts.
TRUNCATE "student_counts";--> statement-breakpoint
INSERT INTO "student_counts" (student_id, search_name, assigned_teacher_id, live, activities, gifts)
  SELECT s.id, s.search_name, s.assigned_teacher_id, s.deleted_at IS NULL, coalesce(a.n, 0), coalesce(g.n, 0)
  FROM students s
  LEFT JOIN (SELECT student_id, count(*) AS n FROM activities WHERE deleted_at IS NULL GROUP BY student_id) a
    ON a.student_id = s.id
  LEFT JOIN (SELECT student_id, count(*) AS n FROM gifts WHERE deleted_at IS NULL GROUP BY student_id) g
    ON g.student_id = s.id;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "student_counts_search_name_trgm_idx" ON "student_counts" USING gin ("search_name" gin_trgm_ops) WHERE "student_counts"."live";
  END IF;
END
$$;--> statement-breakpoint
CREATE INDEX "student_counts_live_teacher_idx" ON "student_counts" USING btree ("assigned_teacher_id") WHERE "student_counts"."live";
