-- Its keys are added once the entries already written are chained (below): built at once, not row by row.
CREATE TABLE "audit_chain" (
	"seq" bigint NOT NULL,
	"event_id" uuid NOT NULL,
	"prev_hash" "bytea" NOT NULL,
	"hash" "bytea" NOT NULL
);--> statement-breakpoint
-- The audit trail chained (docs/decisions/0032): each entry's hash covers the one before, so an entry
-- changed, removed or slipped in by someone who can bypass the triggers (the database's owner) shows as
-- the first link that no longer holds. The canonical text of an event: its fields as a JSON array, the
-- time in UTC to the microsecond (jsonb's text is the same whatever the session's settings).
CREATE FUNCTION "audit_event_text"(e "audit_events") RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_array(
    e.id, to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), e.actor_id, e.actor_email,
    e.action, e.entity, e.entity_id, e.changes
  )::text
$$;--> statement-breakpoint
CREATE FUNCTION "audit_chain_hash"(prev bytea, e "audit_events") RETURNS bytea LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT sha256(prev || convert_to(audit_event_text(e), 'UTF8'))
$$;--> statement-breakpoint
-- Appends an event to the chain. Deferred to the commit: the chain's lock (an advisory lock, 727009 in
-- db/sql-helpers.ts) is taken after every row lock of the transaction, and held only while it commits,
-- so no writer ever waits for it while holding a lock another writer of the chain needs. Under the lock
-- the last link is read in a statement of its own (a fresh snapshot: the previous holder's commit is
-- visible once its lock is released), and seq counts on from it without gaps. SECURITY DEFINER: the
-- application's role may read the chain but not write it (scripts/app-role.sql). No sequential scans:
-- the last link is read through the key whatever the table's size when the function's plan was made
-- (planned on a small chain, a scan per link made a transaction of 8,000 entries take 27 s, not 2).
CREATE FUNCTION "audit_chain_append"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp SET enable_seqscan = off AS $$
DECLARE
  last_seq bigint;
  last_hash bytea;
BEGIN
  PERFORM pg_advisory_xact_lock(727009);
  SELECT seq, hash INTO last_seq, last_hash FROM audit_chain ORDER BY seq DESC LIMIT 1;
  IF NOT FOUND THEN
    last_seq := 0;
    last_hash := decode(repeat('00', 32), 'hex');
  END IF;
  INSERT INTO audit_chain (seq, event_id, prev_hash, hash)
    VALUES (last_seq + 1, NEW.id, last_hash, audit_chain_hash(last_hash, NEW));
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION "audit_chain_append"() FROM PUBLIC;--> statement-breakpoint
-- The entries already written, chained in the order they were written (at, id): the hashes one after
-- another, the rows inserted ten thousand at a time (a million entries: 14 s, a third of one INSERT each).
DO $$
DECLARE
  e record;
  n bigint := 0;
  prev bytea := decode(repeat('00', 32), 'hex');
  seqs bigint[] := '{}';
  ids uuid[] := '{}';
  prevs bytea[] := '{}';
  hashes bytea[] := '{}';
BEGIN
  FOR e IN SELECT a.id, convert_to(audit_event_text(a), 'UTF8') AS body FROM audit_events a ORDER BY a.at, a.id LOOP
    n := n + 1;
    seqs := seqs || n;
    ids := ids || e.id;
    prevs := prevs || prev;
    prev := sha256(prev || e.body);
    hashes := hashes || prev;
    IF n % 10000 = 0 THEN
      INSERT INTO audit_chain (seq, event_id, prev_hash, hash) SELECT * FROM unnest(seqs, ids, prevs, hashes);
      seqs := '{}';
      ids := '{}';
      prevs := '{}';
      hashes := '{}';
    END IF;
  END LOOP;
  INSERT INTO audit_chain (seq, event_id, prev_hash, hash) SELECT * FROM unnest(seqs, ids, prevs, hashes);
END
$$;--> statement-breakpoint
ALTER TABLE "audit_chain" ADD CONSTRAINT "audit_chain_pkey" PRIMARY KEY ("seq");--> statement-breakpoint
ALTER TABLE "audit_chain" ADD CONSTRAINT "audit_chain_event_id_uq" UNIQUE ("event_id");--> statement-breakpoint
ALTER TABLE "audit_chain" ADD CONSTRAINT "audit_chain_event_id_audit_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."audit_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Its statistics at once (the trail's check reads it a range at a time).
ANALYZE "audit_chain";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_events_chain" AFTER INSERT ON "audit_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "audit_chain_append"();--> statement-breakpoint
-- Append-only, both: no UPDATE or DELETE of the chain (the trail's own trigger is 0008's), and no
-- TRUNCATE of either (a statement trigger: TRUNCATE fires no row triggers).
CREATE FUNCTION "audit_trail_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_chain_no_change" BEFORE UPDATE OR DELETE ON "audit_chain"
  FOR EACH ROW EXECUTE FUNCTION "audit_trail_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_trail_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_chain_no_truncate" BEFORE TRUNCATE ON "audit_chain"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_trail_append_only"();--> statement-breakpoint
-- Whoever may read and append to the trail (the application's role, scripts/app-role.sql) may do no
-- more, whatever default privileges gave them when the tables were made: only the owner keeps the rest.
DO $$
DECLARE
  who text;
BEGIN
  FOR who IN
    SELECT DISTINCT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(r.rolname) END
    FROM pg_class c
    CROSS JOIN LATERAL aclexplode(c.relacl) a
    LEFT JOIN pg_roles r ON r.oid = a.grantee
    WHERE c.oid IN ('audit_events'::regclass, 'audit_chain'::regclass) AND a.grantee <> c.relowner
      AND a.privilege_type IN ('UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER', 'REFERENCES')
  LOOP
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON audit_events, audit_chain FROM %s', who);
  END LOOP;
  FOR who IN
    SELECT DISTINCT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(r.rolname) END
    FROM pg_class c
    CROSS JOIN LATERAL aclexplode(c.relacl) a
    LEFT JOIN pg_roles r ON r.oid = a.grantee
    WHERE c.oid = 'audit_chain'::regclass AND a.grantee <> c.relowner AND a.privilege_type = 'INSERT'
  LOOP
    EXECUTE format('REVOKE INSERT ON audit_chain FROM %s', who);
  END LOOP;
END
$$;
