-- Initial schema. Statements are separated by ";" at line end; the runner splits them
-- because PGlite's extended protocol takes one statement per query.
CREATE TABLE industries (
  id integer PRIMARY KEY,
  name varchar(64) NOT NULL UNIQUE
);
CREATE TABLE usages (
  id integer PRIMARY KEY,
  name varchar(64) NOT NULL UNIQUE
);
CREATE TABLE permissions (
  id integer PRIMARY KEY,
  name varchar(64) NOT NULL UNIQUE,
  description_de text NOT NULL,
  description_en text NOT NULL
);
CREATE TABLE users (
  id serial PRIMARY KEY,
  name varchar(255) NOT NULL,
  email varchar(255) NOT NULL UNIQUE,
  password text NOT NULL,
  email_verified_at timestamptz,
  current_warehouse_id integer,
  language varchar(2) NOT NULL DEFAULT 'de',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE sessions (
  id char(64) PRIMARY KEY,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  csrf_token varchar(64) NOT NULL,
  ip_address varchar(45),
  user_agent text,
  last_activity timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_last_activity_idx ON sessions (last_activity);
CREATE TABLE warehouses (
  id serial PRIMARY KEY,
  name varchar(255) NOT NULL,
  industry_id integer NOT NULL REFERENCES industries(id),
  usage_id integer NOT NULL REFERENCES usages(id),
  owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT warehouses_owner_name_unique UNIQUE (owner_id, name)
);
ALTER TABLE users ADD CONSTRAINT users_current_warehouse_fk
  FOREIGN KEY (current_warehouse_id) REFERENCES warehouses(id) ON DELETE SET NULL;
CREATE TABLE roles (
  id serial PRIMARY KEY,
  warehouse_id integer REFERENCES warehouses(id) ON DELETE CASCADE,
  name varchar(255) NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT roles_warehouse_name_unique UNIQUE (warehouse_id, name)
);
CREATE TABLE role_permissions (
  role_id integer NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  permission_id integer NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, permission_id)
);
CREATE TABLE memberships (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  warehouse_id integer NOT NULL REFERENCES warehouses(id) ON DELETE CASCADE,
  role_id integer REFERENCES roles(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, warehouse_id)
);
CREATE INDEX memberships_warehouse_idx ON memberships (warehouse_id);
CREATE TABLE invitations (
  id serial PRIMARY KEY,
  warehouse_id integer NOT NULL REFERENCES warehouses(id) ON DELETE CASCADE,
  inviter_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email varchar(255) NOT NULL,
  role_id integer REFERENCES roles(id) ON DELETE SET NULL,
  token_hash char(64) NOT NULL UNIQUE,
  status varchar(16) NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz
);
-- One open invitation per (warehouse, e-mail); processed ones may repeat.
CREATE UNIQUE INDEX invitations_open_unique ON invitations (warehouse_id, email) WHERE status = 'pending';
CREATE TABLE password_reset_tokens (
  email varchar(255) PRIMARY KEY,
  token_hash char(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE access_logs (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  method varchar(8) NOT NULL,
  path varchar(512) NOT NULL,
  status integer NOT NULL,
  duration_ms integer NOT NULL,
  ip_address varchar(45),
  user_id integer
);
CREATE INDEX access_logs_created_at_idx ON access_logs (created_at);
