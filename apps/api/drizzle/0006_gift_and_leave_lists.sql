-- Gifts: soft delete, who cancelled and when, a gift date on every gift (the lists' date filters), one
-- live gift per gift ID (any letter case), and list indexes in the lists' order. Leaves: list indexes
-- newest first (all, a teacher's, a status's) and a teacher's dates for the overlap check.
UPDATE "gifts" SET "gift_date" = ("assigned_at" AT TIME ZONE 'UTC')::date WHERE "gift_date" IS NULL;--> statement-breakpoint
DROP INDEX "gifts_student_idx";--> statement-breakpoint
DROP INDEX "gifts_status_idx";--> statement-breakpoint
DROP INDEX "gifts_assigned_at_idx";--> statement-breakpoint
DROP INDEX "leaves_teacher_idx";--> statement-breakpoint
DROP INDEX "leaves_status_idx";--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "gift_date" SET DEFAULT current_date;--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "gift_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "cancelled_by_id" uuid;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_live_date_idx" ON "gifts" USING btree ("gift_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "gifts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "gifts_live_student_date_idx" ON "gifts" USING btree ("student_id","gift_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "gifts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "gifts_live_status_date_idx" ON "gifts" USING btree ("status","gift_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "gifts"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_gift_id_live_uq" ON "gifts" USING btree (lower("gift_id")) WHERE "gifts"."gift_id" is not null and "gifts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "leaves_applied_idx" ON "leaves" USING btree ("applied_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leaves_teacher_applied_idx" ON "leaves" USING btree ("teacher_id","applied_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leaves_status_applied_idx" ON "leaves" USING btree ("status","applied_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leaves_teacher_dates_idx" ON "leaves" USING btree ("teacher_id","start_date","end_date");--> statement-breakpoint
-- Gift search (name, sub-type, gift ID) with a trigram index where pg_trgm is installed (see 0002).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "gifts_text_trgm_idx" ON "gifts" USING gin ((coalesce("name", '') || ' ' || coalesce("gift_sub_type", '') || ' ' || coalesce("gift_id", '')) gin_trgm_ops) WHERE "gifts"."deleted_at" is null;
  END IF;
END
$$;
