-- Pages read their own rows: partial (live rows only) indexes for name-ordered lists, a teacher's
-- students, and a student's latest measurement and home visit.
CREATE INDEX "home_visits_live_latest_idx" ON "home_visits" USING btree ("student_id","visit_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST) WHERE "home_visits"."deleted_at" is null;
--> statement-breakpoint
CREATE INDEX "measurements_live_latest_idx" ON "measurements" USING btree ("student_id","date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST) WHERE "measurements"."deleted_at" is null;
--> statement-breakpoint
CREATE INDEX "students_live_name_idx" ON "students" USING btree ("first_name","last_name","id") WHERE "students"."deleted_at" is null;
--> statement-breakpoint
CREATE INDEX "students_live_teacher_name_idx" ON "students" USING btree ("assigned_teacher_id","first_name","last_name","id") WHERE "students"."deleted_at" is null;
--> statement-breakpoint
CREATE INDEX "users_live_name_idx" ON "users" USING btree ("first_name","last_name","id") WHERE "users"."deleted_at" is null;
--> statement-breakpoint
-- Search (ILIKE '%…%') uses trigram GIN indexes. pg_trgm ships with PostgreSQL's contrib (trusted since
-- PostgreSQL 13, so a database owner may create it) and with PGlite (loaded by openDatabase). Where it
-- is not available, or the role may not create it, the migration goes on without these indexes and
-- search scans: the same results, slower. Run this block again by hand once pg_trgm is installed.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
      RAISE NOTICE 'pg_trgm is not available: search runs without trigram indexes';
      RETURN;
    END IF;
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'not allowed to create pg_trgm: search runs without trigram indexes';
      RETURN;
    END;
  END IF;
  CREATE INDEX IF NOT EXISTS "students_name_trgm_idx" ON "students" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops) WHERE "students"."deleted_at" is null;
  CREATE INDEX IF NOT EXISTS "students_parent_name_trgm_idx" ON "students" USING gin ("parent_name" gin_trgm_ops) WHERE "students"."deleted_at" is null;
  CREATE INDEX IF NOT EXISTS "students_student_id_trgm_idx" ON "students" USING gin ("student_id" gin_trgm_ops) WHERE "students"."deleted_at" is null;
  CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops) WHERE "users"."deleted_at" is null;
  CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WHERE "users"."deleted_at" is null;
END
$$;
