-- Live counts read by a name's prefix (issue 13): the students per last-measured day (`students:last:%`,
-- the dashboard and the status counters), the children at risk (`measurements:at_risk:%`) and the leave
-- months (`leaves:month:%`) were each a pass over every name: 6,600 at national scale since the visits'
-- per-teacher counts (0025), so these calls grew with the number of teachers. With a text_pattern_ops
-- index, `like 'prefix%'` is a range of it whatever the database's collation.
CREATE INDEX "live_counts_name_prefix_idx" ON "live_counts" USING btree ("name" text_pattern_ops);