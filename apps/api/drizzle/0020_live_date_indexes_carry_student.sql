DROP INDEX "activities_live_date_idx";--> statement-breakpoint
DROP INDEX "gifts_live_date_idx";--> statement-breakpoint
DROP INDEX "home_visits_live_date_idx";--> statement-breakpoint
DROP INDEX "measurements_live_date_idx";--> statement-breakpoint
CREATE INDEX "activities_live_date_idx" ON "activities" USING btree ("date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"student_id") WHERE "activities"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "gifts_live_date_idx" ON "gifts" USING btree ("gift_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"student_id") WHERE "gifts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "home_visits_live_date_idx" ON "home_visits" USING btree ("visit_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"student_id") WHERE "home_visits"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "measurements_live_date_idx" ON "measurements" USING btree ("date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"student_id") WHERE "measurements"."deleted_at" is null;