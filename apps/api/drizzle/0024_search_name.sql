-- Name search compares a kept, lower-cased "first last" (search_name) with LIKE instead of running
-- ILIKE, which lower-cases both sides on every row it tests. The trigram indexes move from the
-- expression to the column; where pg_trgm is not installed (see 0002), search scans the column.
DROP INDEX IF EXISTS "students_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name)) STORED NOT NULL;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "students_search_name_trgm_idx" ON "students" USING gin ("search_name" gin_trgm_ops) WHERE "students"."deleted_at" is null;
    CREATE INDEX IF NOT EXISTS "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops) WHERE "users"."deleted_at" is null;
  END IF;
END
$$;
