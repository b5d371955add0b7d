-- The measurement status list soonest due first (GET /api/measurements/status/all?order=due, the
-- dashboard panel's previews) read in index order, and one status's range of last_measured_on.
CREATE INDEX "students_live_due_idx" ON "students" USING btree ("last_measured_on","first_name","last_name","id") WHERE "students"."deleted_at" is null;