CREATE TABLE "student_counts" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"activities" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_counts" ADD CONSTRAINT "student_counts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each student's live activities (docs/decisions/0013, "each child's activities"), for the total of an
-- administrator's activity search by a child's name: the named children's counts summed, one probe of
-- this table's key each, where every one of their activities was counted (37,060 for "nila1" at national
-- scale). A row counts the activities that are not deleted, whatever the student's own state (the search
-- names live children only). Statement-level triggers add each statement's difference per student, in
-- student id order, so that two writers of one student's activities queue on its row. They fire after
-- the live_counts triggers (their names sort after), which share-lock the students first: every writer
-- of activities takes its locks in the same order (students, live_counts, student_counts).
CREATE FUNCTION "student_counts_activities_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_counts AS c (student_id, activities)
    SELECT student_id, count(*) FROM new_rows WHERE deleted_at IS NULL
    GROUP BY student_id ORDER BY student_id
  ON CONFLICT (student_id) DO UPDATE SET activities = c.activities + excluded.activities;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only the rows deleted, restored or moved to another student count (an edit of the text costs the join).
CREATE FUNCTION "student_counts_activities_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_counts AS c (student_id, activities)
    SELECT student_id, sum(d) FROM (
      SELECT o.student_id, -1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.deleted_at IS NULL AND (n.deleted_at IS NOT NULL OR n.student_id IS DISTINCT FROM o.student_id)
      UNION ALL
      SELECT n.student_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.deleted_at IS NULL AND (o.deleted_at IS NOT NULL OR n.student_id IS DISTINCT FROM o.student_id)
    ) changed
    GROUP BY student_id HAVING sum(d) <> 0 ORDER BY student_id
  ON CONFLICT (student_id) DO UPDATE SET activities = c.activities + excluded.activities;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Rows removed with their student (a cascade) find no student: its row goes with it (the foreign key).
CREATE FUNCTION "student_counts_activities_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_counts AS c (student_id, activities)
    SELECT o.student_id, -count(*) FROM old_rows o
    WHERE o.deleted_at IS NULL AND EXISTS (SELECT 1 FROM students s WHERE s.id = o.student_id)
    GROUP BY o.student_id ORDER BY o.student_id
  ON CONFLICT (student_id) DO UPDATE SET activities = c.activities + excluded.activities;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "activities_student_counts_insert" AFTER INSERT ON "activities"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_counts_activities_after_insert"();--> statement-breakpoint
CREATE TRIGGER "activities_student_counts_update" AFTER UPDATE ON "activities"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "student_counts_activities_after_update"();--> statement-breakpoint
CREATE TRIGGER "activities_student_counts_delete" AFTER DELETE ON "activities"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_counts_activities_after_delete"();--> statement-breakpoint
INSERT INTO "student_counts" (student_id, activities)
  SELECT student_id, count(*) FROM activities WHERE deleted_at IS NULL GROUP BY student_id;
