-- deleted_at is null on almost every row. Before statistics exist (a fresh bulk load, a restored
-- dump), the planner takes "deleted_at IS NULL" for a rare value and reads these indexes to find it:
-- every live row, then a filter — the plan behind searches and per-teacher counts that scanned the
-- table. Live rows have partial indexes (WHERE deleted_at IS NULL) for what lists need (0002, 0003).
DROP INDEX "home_visits_deleted_at_idx";--> statement-breakpoint
DROP INDEX "measurements_deleted_at_idx";--> statement-breakpoint
DROP INDEX "students_deleted_at_idx";--> statement-breakpoint
DROP INDEX "users_deleted_at_idx";