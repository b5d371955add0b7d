-- Home visits: the GPS fix's accuracy; list indexes in the lists' order (every live visit, a recording
-- teacher's, the review queue's pending ones); a GIN index on photos for the "already attached" check;
-- coordinate and distance checks; and the one settings row, so that reads never have to create it.
ALTER TABLE "home_visits" ADD COLUMN "location_accuracy" double precision;--> statement-breakpoint
CREATE INDEX "home_visits_live_date_idx" ON "home_visits" USING btree ("visit_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "home_visits"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "home_visits_live_teacher_date_idx" ON "home_visits" USING btree ("teacher_id","visit_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "home_visits"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "home_visits_pending_date_idx" ON "home_visits" USING btree ("visit_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "home_visits"."deleted_at" is null and "home_visits"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "home_visits_photos_idx" ON "home_visits" USING gin ("photos");--> statement-breakpoint
ALTER TABLE "home_visits" ADD CONSTRAINT "home_visits_latitude_ck" CHECK ("home_visits"."latitude" IS NULL OR "home_visits"."latitude" BETWEEN -90 AND 90);--> statement-breakpoint
ALTER TABLE "home_visits" ADD CONSTRAINT "home_visits_longitude_ck" CHECK ("home_visits"."longitude" IS NULL OR "home_visits"."longitude" BETWEEN -180 AND 180);--> statement-breakpoint
ALTER TABLE "home_visits" ADD CONSTRAINT "home_visits_distance_ck" CHECK ("home_visits"."distance_from_home" IS NULL OR "home_visits"."distance_from_home" >= 0);--> statement-breakpoint
ALTER TABLE "home_visits" ADD CONSTRAINT "home_visits_accuracy_ck" CHECK ("home_visits"."location_accuracy" IS NULL OR "home_visits"."location_accuracy" >= 0);--> statement-breakpoint
INSERT INTO "settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
