-- Custom migration (drizzle-kit generate --custom): data seed, written by hand by design.
-- Fixed lists (spec §3). `name` is the translation key the web app shows.
INSERT INTO industries (id, name) VALUES
  (1, 'gastronomy'), (2, 'textile'), (3, 'multimedia'), (4, 'automotive'), (5, 'healthcare'),
  (6, 'retail'), (7, 'construction'), (8, 'technology'), (9, 'education'), (10, 'nonprofit'),
  (11, 'logistics'), (12, 'finance'), (13, 'agriculture'), (14, 'tourism'), (15, 'entertainment'),
  (16, 'real_estate'), (17, 'manufacturing'), (18, 'energy'), (19, 'transportation'),
  (20, 'telecommunications'), (21, 'environment'), (22, 'sports'), (23, 'food_production'),
  (24, 'beauty_wellness'), (25, 'other');
--> statement-breakpoint
INSERT INTO usages (id, name) VALUES
  (1, 'private'), (2, 'business'), (3, 'nonprofit'), (4, 'educational'), (5, 'research'),
  (6, 'community'), (7, 'governmental'), (8, 'personal_hobby'), (9, 'rental'), (10, 'charity'),
  (11, 'event_storage'), (12, 'other');
--> statement-breakpoint
-- Ids 1..6 in the order of @lager/contract's PERMISSION_NAMES.
INSERT INTO permissions (id, name, description_de, description_en) VALUES
  (1, 'create_role', 'Rollen erstellen', 'Create roles'),
  (2, 'edit_role', 'Rollen bearbeiten', 'Edit roles'),
  (3, 'delete_role', 'Rollen löschen', 'Delete roles'),
  (4, 'assign_user_role', 'Benutzern Rollen zuweisen', 'Assign roles to users'),
  (5, 'invite_user', 'Benutzer einladen', 'Invite users'),
  (6, 'remove_user', 'Benutzer entfernen', 'Remove users');
--> statement-breakpoint
-- Role 1 is the global owner role (OWNER_ROLE_ID): no warehouse, all permissions.
INSERT INTO roles (id, warehouse_id, name, description) VALUES (1, NULL, 'owner', 'Owner of the warehouse');
--> statement-breakpoint
INSERT INTO role_permissions (role_id, permission_id) SELECT 1, id FROM permissions;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('roles', 'id'), (SELECT max(id) FROM roles));
