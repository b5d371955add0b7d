-- The application's own PostgreSQL role: it reads and writes the programme's records and may only
-- read and add to the audit trail, never change, remove or empty it, nor change the schema (its
-- triggers included). Migrations run as the tables' owner (DATABASE_MIGRATION_URL); the server then
-- works as this role (DATABASE_URL). See docs/decisions/0032-audit-chain.md.
--
-- Run it as the tables' owner (the role of DATABASE_MIGRATION_URL), connected to the application's
-- database, naming the application's role (made beforehand, e.g.
-- CREATE ROLE csp_app LOGIN PASSWORD '…'):
--
--   psql "$DATABASE_MIGRATION_URL" -v app_role=csp_app -f scripts/app-role.sql
--
-- Before or after the first start: it grants on what exists and, by default privileges, on every table
-- the owner's later migrations make. Running it again changes nothing.

\set ON_ERROR_STOP on

-- Nothing new in the schema from anyone but its owner (PostgreSQL 15's default; older ones let PUBLIC).
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app_role";

-- The records: read and write, nothing more (no TRUNCATE, TRIGGER or REFERENCES).
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_role";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO :"app_role";

-- Which migrations have run: read at start (the server migrates only with the owner's connection).
CREATE SCHEMA IF NOT EXISTS drizzle;
GRANT USAGE ON SCHEMA drizzle TO :"app_role";
GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA drizzle GRANT SELECT ON TABLES TO :"app_role";

-- The audit trail: read and add only; its chain: read only (a trigger of the owner's writes it). When
-- the tables are made after this script (its default privileges gave them more), migration 0032 takes
-- the rest back.
SELECT set_config('csp.app_role', :'app_role', false);
DO $$
BEGIN
  IF to_regclass('public.audit_events') IS NOT NULL THEN
    EXECUTE format('REVOKE ALL ON audit_events FROM %I', current_setting('csp.app_role'));
    EXECUTE format('GRANT SELECT, INSERT ON audit_events TO %I', current_setting('csp.app_role'));
  END IF;
  IF to_regclass('public.audit_chain') IS NOT NULL THEN
    EXECUTE format('REVOKE ALL ON audit_chain FROM %I', current_setting('csp.app_role'));
    EXECUTE format('GRANT SELECT ON audit_chain TO %I', current_setting('csp.app_role'));
  END IF;
END
$$;
