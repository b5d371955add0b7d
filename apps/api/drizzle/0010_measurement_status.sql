-- Measurement status at national scale (issue 13): each student carries the date of its latest live
-- measurement, kept by statement-level triggers on measurements, so the status page's filter, total and
-- five counters read one column of students instead of probing measurements once per student.
ALTER TABLE "students" ADD COLUMN "last_measured_on" date;--> statement-breakpoint
UPDATE "students" s SET "last_measured_on" = m.latest
  FROM (SELECT "student_id", max("date") AS latest FROM "measurements"
        WHERE "deleted_at" IS NULL GROUP BY "student_id") m
  WHERE s."id" = m."student_id";--> statement-breakpoint
-- New measurements can only move a student's date forward.
CREATE FUNCTION "students_last_measured_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "students" s SET "last_measured_on" = n.latest
    FROM (SELECT "student_id", max("date") AS latest FROM new_measurements
          WHERE "deleted_at" IS NULL GROUP BY "student_id") n
    WHERE s."id" = n."student_id" AND (s."last_measured_on" IS NULL OR s."last_measured_on" < n.latest);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A changed date, a soft delete or restore, or a permanent delete: the students concerned are read
-- again from their live measurements (one probe of measurements_live_latest_idx each).
CREATE FUNCTION "students_last_measured_on_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "students" s SET "last_measured_on" = x.latest
    FROM (SELECT a.id, (SELECT max(m."date") FROM "measurements" m
                        WHERE m."student_id" = a.id AND m."deleted_at" IS NULL) AS latest
          FROM unnest(ids) AS a(id)) x
    WHERE s."id" = x.id AND s."last_measured_on" IS DISTINCT FROM x.latest;
END
$$;--> statement-breakpoint
CREATE FUNCTION "students_last_measured_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "students_last_measured_on_refresh"(array(
    SELECT DISTINCT unnest(array[o."student_id", n."student_id"])
      FROM old_measurements o JOIN new_measurements n ON n."id" = o."id"
      WHERE o."date" IS DISTINCT FROM n."date" OR o."deleted_at" IS DISTINCT FROM n."deleted_at"
         OR o."student_id" IS DISTINCT FROM n."student_id"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "students_last_measured_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "students_last_measured_on_refresh"(array(SELECT DISTINCT "student_id" FROM old_measurements));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "measurements_last_measured_on_insert" AFTER INSERT ON "measurements"
  REFERENCING NEW TABLE AS new_measurements
  FOR EACH STATEMENT EXECUTE FUNCTION "students_last_measured_on_insert"();--> statement-breakpoint
CREATE TRIGGER "measurements_last_measured_on_update" AFTER UPDATE ON "measurements"
  REFERENCING OLD TABLE AS old_measurements NEW TABLE AS new_measurements
  FOR EACH STATEMENT EXECUTE FUNCTION "students_last_measured_on_update"();--> statement-breakpoint
CREATE TRIGGER "measurements_last_measured_on_delete" AFTER DELETE ON "measurements"
  REFERENCING OLD TABLE AS old_measurements
  FOR EACH STATEMENT EXECUTE FUNCTION "students_last_measured_on_delete"();
