-- A role and a database of the same name, owned by it, made if missing; the role's password set to
-- the cluster's secret for it. Read from the environment, so no password is on a command line.
\set ON_ERROR_STOP on
\getenv name CONSOLE_PG_DATABASE
\getenv password CONSOLE_PG_PASSWORD
SELECT format('CREATE ROLE %I LOGIN', :'name') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'name') \gexec
SELECT format('ALTER ROLE %I PASSWORD %L', :'name', :'password') \gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'name', :'name') WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'name') \gexec
