-- The measurement status counters at national scale (issue 13): how many live students have each
-- last-measured day (students.last_measured_on, kept by migration 0010's triggers), as live_counts rows
-- named 'students:last:YYYY-MM-DD' and 'students:last:never' (docs/decisions/0013), kept exact by
-- triggers on students in the same transaction as every change. The whole programme's five counters then
-- read one row per day instead of every student; a day's status is still decided when it is read (today
-- moves), by the one rule of measurements.repo.ts's statusOf.
--
-- Locks: one statement adds every change of a statement's students, the rows in name order, and these
-- triggers fire before students_live_counts_update (names in order): a transaction takes day rows before
-- the kind rows ('measurements', …), as a measurement's insert does (its last_measured_on trigger runs
-- before its live_counts one), so two transactions never wait on each other's rows in a cycle.
CREATE FUNCTION "status_day_counts_add_sql"(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO live_counts AS c (name, n)
    SELECT x.name, sum(x.d) FROM (%s) x
      GROUP BY x.name HAVING sum(x.d) <> 0 ORDER BY x.name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n$q$, src)
$$;--> statement-breakpoint
-- A student's row of the counts (alias r), or none when it is deleted, with `sign`.
CREATE FUNCTION "status_day_counts_rows_sql"(tbl text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$SELECT 'students:last:' || coalesce(to_char(r.last_measured_on, 'YYYY-MM-DD'), 'never') AS name,
    %s AS d FROM %s r WHERE r.deleted_at IS NULL$q$, sign, tbl)
$$;--> statement-breakpoint
CREATE FUNCTION "status_day_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE status_day_counts_add_sql(status_day_counts_rows_sql('new_rows', 1));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "status_day_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Only the students whose deletion or last-measured day changed count (other edits cost a probe).
  pairs text := 'old_rows o JOIN new_rows n ON n.id = o.id WHERE o.deleted_at IS DISTINCT FROM n.deleted_at'
    || ' OR o.last_measured_on IS DISTINCT FROM n.last_measured_on';
  any_changed boolean;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s)', pairs) INTO any_changed;
  IF NOT any_changed THEN
    RETURN NULL;
  END IF;
  EXECUTE status_day_counts_add_sql(
    status_day_counts_rows_sql(format('(SELECT o.* FROM %s)', pairs), -1) || ' UNION ALL '
    || status_day_counts_rows_sql(format('(SELECT n.* FROM %s)', pairs), 1));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "status_day_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE status_day_counts_add_sql(status_day_counts_rows_sql('old_rows', -1));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "students_last_measured_counts_insert" AFTER INSERT ON "students"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "status_day_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "students_last_measured_counts_update" AFTER UPDATE ON "students"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "status_day_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "students_last_measured_counts_delete" AFTER DELETE ON "students"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "status_day_counts_after_delete"();--> statement-breakpoint
DELETE FROM "live_counts" WHERE "name" LIKE 'students:last:%';--> statement-breakpoint
DO $$
BEGIN
  EXECUTE status_day_counts_add_sql(status_day_counts_rows_sql('students', 1));
END
$$;
