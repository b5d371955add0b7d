-- The gift an evidence photo is on, found by the photo: every download of a file checks that a live
-- record shows it (issue 45, point 4; files.repo.ts), which for a gift's photo read every gift (100,000 at
-- national scale), as did removing a stored file (gifts.evidence_file_id is cleared when its file goes).
CREATE INDEX "gifts_evidence_file_idx" ON "gifts" USING btree ("evidence_file_id") WHERE "gifts"."evidence_file_id" is not null;