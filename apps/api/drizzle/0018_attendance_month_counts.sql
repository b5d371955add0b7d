CREATE TABLE "attendance_month_counts" (
	"month" date NOT NULL,
	"teacher_id" uuid NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"isodow_1" integer DEFAULT 0 NOT NULL,
	"isodow_2" integer DEFAULT 0 NOT NULL,
	"isodow_3" integer DEFAULT 0 NOT NULL,
	"isodow_4" integer DEFAULT 0 NOT NULL,
	"isodow_5" integer DEFAULT 0 NOT NULL,
	"isodow_6" integer DEFAULT 0 NOT NULL,
	"isodow_7" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attendance_month_counts_month_teacher_id_pk" PRIMARY KEY("month","teacher_id")
);--> statement-breakpoint
-- Each teacher's attendance records per month, per status and per ISO weekday (issue 13: the attendance
-- report's tiles over every teacher read 2,000 rows instead of the month's 48,000 records;
-- docs/decisions/0013, "attendance by month"). Kept exact by statement triggers on attendance, in the
-- same transaction as every change. A row counts every record of its month: the readers join live
-- teachers and take out the records the report leaves out.
--
-- Locks: a statement's rows are added in key order, and these triggers fire after attendance's
-- live_counts ones (names in order), so a transaction takes the live_counts rows before the month rows
-- and two transactions never wait on each other's rows in a cycle.
CREATE FUNCTION "attendance_month_counts_add_sql"(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO attendance_month_counts AS c (month, teacher_id, approved, pending, rejected,
      isodow_1, isodow_2, isodow_3, isodow_4, isodow_5, isodow_6, isodow_7)
    SELECT date_trunc('month', x.date::timestamp)::date, x.teacher_id,
      coalesce(sum(x.d) FILTER (WHERE x.status = 'APPROVED'), 0),
      coalesce(sum(x.d) FILTER (WHERE x.status = 'PENDING'), 0),
      coalesce(sum(x.d) FILTER (WHERE x.status = 'REJECTED'), 0),
      coalesce(sum(x.d) FILTER (WHERE extract(isodow FROM x.date) = 1), 0),
      coalesce(sum(x.d) FILTER (WHERE extract(isodow FROM x.date) = 2), 0),
      coalesce(sum(x.d) FILTER (WHERE extract(isodow FROM x.date) = 3), 0),
      coalesce(sum(x.d) FILTER (WHERE extract(isodow FROM x.date) = 4), 0),
      coalesce(sum(x.d) FILTER (WHERE extract(isodow FROM x.date) = 5), 0),
      coalesce(sum(x.d) FILTER (WHERE extract(isodow FROM x.date) = 6), 0),
      coalesce(sum(x.d) FILTER (WHERE extract(isodow FROM x.date) = 7), 0)
    FROM (%s) x
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (month, teacher_id) DO UPDATE SET
      approved = c.approved + excluded.approved, pending = c.pending + excluded.pending,
      rejected = c.rejected + excluded.rejected,
      isodow_1 = c.isodow_1 + excluded.isodow_1, isodow_2 = c.isodow_2 + excluded.isodow_2,
      isodow_3 = c.isodow_3 + excluded.isodow_3, isodow_4 = c.isodow_4 + excluded.isodow_4,
      isodow_5 = c.isodow_5 + excluded.isodow_5, isodow_6 = c.isodow_6 + excluded.isodow_6,
      isodow_7 = c.isodow_7 + excluded.isodow_7$q$, src)
$$;--> statement-breakpoint
-- The records of `tbl` (alias r) with `sign`.
CREATE FUNCTION "attendance_month_counts_rows_sql"(tbl text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT r.teacher_id, r.date, r.status, %s AS d FROM %s r', sign, tbl)
$$;--> statement-breakpoint
CREATE FUNCTION "attendance_month_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE attendance_month_counts_add_sql(attendance_month_counts_rows_sql('new_rows', 1));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "attendance_month_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Only the records whose teacher, day or status changed count (a check-out or a note costs a probe).
  pairs text := 'old_rows o JOIN new_rows n ON n.id = o.id WHERE o.teacher_id IS DISTINCT FROM n.teacher_id'
    || ' OR o.date IS DISTINCT FROM n.date OR o.status IS DISTINCT FROM n.status';
  any_changed boolean;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s)', pairs) INTO any_changed;
  IF NOT any_changed THEN
    RETURN NULL;
  END IF;
  EXECUTE attendance_month_counts_add_sql(
    attendance_month_counts_rows_sql(format('(SELECT o.* FROM %s)', pairs), -1) || ' UNION ALL '
    || attendance_month_counts_rows_sql(format('(SELECT n.* FROM %s)', pairs), 1));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "attendance_month_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE attendance_month_counts_add_sql(attendance_month_counts_rows_sql('old_rows', -1));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_month_counts_insert" AFTER INSERT ON "attendance"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "attendance_month_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "attendance_month_counts_update" AFTER UPDATE ON "attendance"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "attendance_month_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "attendance_month_counts_delete" AFTER DELETE ON "attendance"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "attendance_month_counts_after_delete"();--> statement-breakpoint
DO $$
BEGIN
  EXECUTE attendance_month_counts_add_sql(attendance_month_counts_rows_sql('attendance', 1));
END
$$;
