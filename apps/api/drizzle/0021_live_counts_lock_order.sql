-- live_counts rows are updated in name order (docs/decisions/0013, "locks"). Each statement that adds to
-- the counts upserts several rows (a kind and its kind:status, …) and row-locks each as it goes; without
-- an order, the rows came in the hash aggregate's order, which need not be the same in two transactions,
-- so two of them could each hold one row and wait for the other's: a deadlock, one write refused. In name
-- order, a kind's total ('home_visits') comes before its other rows ('home_visits:PENDING', …), so every
-- transaction changing a kind's counts queues on the same first row. status_day_counts_add_sql and
-- attendance_month_counts_add_sql already order their rows; these two statements did not.
CREATE OR REPLACE FUNCTION "live_counts_add_sql"(tbl text, src text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO live_counts AS c (name, n)
    SELECT k.name, %s * count(*) FROM %s r
      JOIN %I p ON p.id = r.%I AND p.deleted_at IS NULL
      CROSS JOIN LATERAL unnest(%s) AS k(name)
      WHERE %s
      GROUP BY k.name ORDER BY k.name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n$q$, sign, src, live_counts_parent_table(tbl),
    live_counts_parent_col(tbl), live_counts_keys(tbl), live_counts_live(tbl))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_counts_of_parents_sql"(tbl text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO live_counts AS c (name, n)
    SELECT k.name, %s * count(*) FROM %I r
      CROSS JOIN LATERAL unnest(%s) AS k(name)
      WHERE r.%I = ANY($1) AND %s
      GROUP BY k.name ORDER BY k.name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n$q$, sign, tbl, live_counts_keys(tbl),
    live_counts_parent_col(tbl), live_counts_live(tbl))
$$;
