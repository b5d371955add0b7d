-- The tap times of records made offline (issue 47): when a visit was recorded on the phone, and when a
-- check-in and a check-out reached the server. The rows from before were recorded as they arrived.
ALTER TABLE "attendance" ADD COLUMN "check_in_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "check_out_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "home_visits" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
UPDATE "home_visits" SET "recorded_at" = "created_at";--> statement-breakpoint
ALTER TABLE "home_visits" ALTER COLUMN "recorded_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "home_visits" ALTER COLUMN "recorded_at" SET NOT NULL;
