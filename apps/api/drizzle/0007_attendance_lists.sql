-- Attendance: the admin lists newest first (every record, the review queue by status); the unique
-- teacher-and-day index already serves a teacher's own list.
DROP INDEX "attendance_date_idx";--> statement-breakpoint
DROP INDEX "attendance_status_idx";--> statement-breakpoint
CREATE INDEX "attendance_date_order_idx" ON "attendance" USING btree ("date" DESC NULLS FIRST,"check_in" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "attendance_status_date_idx" ON "attendance" USING btree ("status","date" DESC NULLS FIRST,"check_in" DESC NULLS FIRST,"id" DESC NULLS FIRST);