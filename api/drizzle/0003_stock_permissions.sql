-- Custom migration (drizzle-kit generate --custom): data seed, written by hand by design.
-- The six stock permissions (ids 7..12, in the order of @lager/contract's STOCK_PERMISSION_NAMES);
-- the owner role holds them all.
INSERT INTO permissions (id, name, description_de, description_en) VALUES
  (7, 'view_stock', 'Bestand ansehen', 'View stock'),
  (8, 'manage_articles', 'Artikel verwalten', 'Manage articles'),
  (9, 'book_goods', 'Waren buchen (Zu- und Abgang)', 'Book goods in and out'),
  (10, 'count_stock', 'Bestand korrigieren und zählen', 'Correct and count stock'),
  (11, 'transfer_stock', 'Bestand umlagern', 'Transfer stock'),
  (12, 'reverse_movements', 'Buchungen stornieren', 'Reverse movements');
--> statement-breakpoint
INSERT INTO role_permissions (role_id, permission_id) SELECT 1, id FROM permissions WHERE id BETWEEN 7 AND 12;
