-- Growth monitoring (issue 12, decision 0012): WHO z-scores stored with each measurement; the latest
-- live measurement of each student is marked, and the at-risk list reads its own partial indexes.
ALTER TABLE "measurements" ADD COLUMN "growth_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "age_days" integer;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "waz" double precision;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "haz" double precision;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "whz" double precision;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "baz" double precision;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "growth_flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "growth_classifications" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "is_latest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "at_risk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "measurements_at_risk_idx" ON "measurements" USING btree ("date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "measurements"."is_latest" and "measurements"."at_risk" and "measurements"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "measurements_latest_student_idx" ON "measurements" USING btree ("student_id") WHERE "measurements"."is_latest" and "measurements"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "measurements_growth_version_idx" ON "measurements" USING btree ("growth_version");