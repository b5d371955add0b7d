-- Activity and measurement lists read only their page: partial (live rows only) indexes in the lists'
-- order (date, then recording time, newest first) for every live row, a student's (a teacher's scope
-- is their students) and a recording teacher's; GIN indexes on photos for the "already attached" check.
CREATE INDEX "activities_live_date_idx" ON "activities" USING btree ("date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "activities"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "activities_live_student_date_idx" ON "activities" USING btree ("student_id","date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "activities"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "activities_live_teacher_date_idx" ON "activities" USING btree ("teacher_id","date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "activities"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "activities_photos_idx" ON "activities" USING gin ("photos");--> statement-breakpoint
CREATE INDEX "measurements_live_date_idx" ON "measurements" USING btree ("date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "measurements"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "measurements_photos_idx" ON "measurements" USING gin ("photos");--> statement-breakpoint
-- Activity search (ILIKE '%…%' over title and description): trigram indexes, only where pg_trgm is
-- installed (migration 0002 installs it when it can); elsewhere search scans, with the same results.
-- Run this block again by hand once pg_trgm is installed.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    RAISE NOTICE 'pg_trgm is not installed: activity search runs without trigram indexes';
    RETURN;
  END IF;
  CREATE INDEX IF NOT EXISTS "activities_title_trgm_idx" ON "activities" USING gin ("title" gin_trgm_ops) WHERE "activities"."deleted_at" is null;
  CREATE INDEX IF NOT EXISTS "activities_description_trgm_idx" ON "activities" USING gin ("description" gin_trgm_ops) WHERE "activities"."deleted_at" is null;
END
$$;
