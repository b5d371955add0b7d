CREATE TYPE "public"."measurement_position" AS ENUM('LYING', 'STANDING');--> statement-breakpoint
CREATE TYPE "public"."sex" AS ENUM('MALE', 'FEMALE');--> statement-breakpoint
CREATE TABLE "programme_facts" (
	"fact" text PRIMARY KEY NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "position" "measurement_position";--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "sex" "sex";--> statement-breakpoint
CREATE INDEX "revoked_sessions_expires_at_idx" ON "revoked_sessions" USING btree ("expires_at");--> statement-breakpoint
-- Whenever a user row holds the ADMIN role (insert, promotion, restore), the programme has had an
-- administrator: the first-administrator bootstrap is over for good (issue: admin takeover).
CREATE FUNCTION "record_admin_bootstrapped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."role" = 'ADMIN' THEN
    INSERT INTO "programme_facts" ("fact") VALUES ('ADMIN_BOOTSTRAPPED') ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_record_admin_bootstrapped" AFTER INSERT OR UPDATE OF "role" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "record_admin_bootstrapped"();--> statement-breakpoint
INSERT INTO "programme_facts" ("fact")
  SELECT 'ADMIN_BOOTSTRAPPED' WHERE EXISTS (SELECT 1 FROM "users" WHERE "role" = 'ADMIN');
