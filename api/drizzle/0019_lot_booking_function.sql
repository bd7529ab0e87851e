-- Issue 41 (stock-spec-3 §4: FEFO goods-out p95 ≤ 30 ms): goods-in and goods-out of a LOT article in ONE round trip,
-- as `stock_book` (0012/0015/0017) does for untracked ones. The same key claim, location lock and article update;
-- then the lot: goods-in makes or finds it (its first best-before kept), goods-out takes the named lot or FEFO over
-- the lots at the place (earliest best-before, none last, then oldest receipt), one journal row per lot. The answer
-- holds the raw article and journal rows and the lots taken; the API maps them (stock/booking-call.ts).
-- Whatever it does not book itself (not a lot article, a correction, a bad or missing lot or date, another
-- best-before for the lot, not enough stock, …) raises LG000: nothing is written and the API books the request on
-- the statement-by-statement path (stock/lots.ts), which words the exact refusal.
CREATE FUNCTION "stock_book_lot"(
  p_user_id integer, p_key uuid, p_hash char(64), p_ttl_hours integer,
  p_warehouse_id integer, p_article_id integer, p_kind varchar, p_amount bigint, p_location_id integer,
  p_reason varchar, p_note varchar, p_reference varchar, p_user_name varchar, p_occurred_at timestamptz,
  p_max bigint, p_whole_units varchar[], p_lot varchar, p_best_before date
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_stored record;
  v_place record;
  v_article stock_articles;
  v_lot record;
  v_row record;
  v_movement stock_movements;
  v_delta bigint;
  v_after bigint;
  v_left bigint;
  v_take bigint;
  v_ids integer[] := '{}';
  v_codes varchar[] := '{}';
  v_dates date[] := '{}';
  v_deltas bigint[] := '{}';
  v_article_before bigint;
  v_place_before bigint;
  v_movements jsonb := '[]'::jsonb;
  v_lots jsonb := '[]'::jsonb;
  v_answer jsonb;
  i integer;
BEGIN
  IF p_kind NOT IN ('in', 'out') OR (p_kind = 'in' AND (p_lot IS NULL OR p_lot !~ '^[A-Za-z0-9./-]{1,40}$'))
     OR (p_kind = 'out' AND p_best_before IS NOT NULL) THEN
    RAISE EXCEPTION 'stock_book_lot: body' USING ERRCODE = 'LG000';
  END IF;
  INSERT INTO stock_idempotency_keys AS k (user_id, key, request_hash) VALUES (p_user_id, p_key, p_hash)
    ON CONFLICT (user_id, key) DO UPDATE
      SET request_hash = excluded.request_hash, status_code = NULL, response = NULL, created_at = now()
      WHERE k.created_at < now() - make_interval(hours => p_ttl_hours);
  IF NOT FOUND THEN
    SELECT request_hash, status_code, response INTO v_stored
      FROM stock_idempotency_keys WHERE user_id = p_user_id AND key = p_key;
    IF NOT FOUND OR v_stored.request_hash <> p_hash THEN
      RETURN jsonb_build_object('mismatch', true);
    END IF;
    RETURN jsonb_build_object('replayed', true, 'status', coalesce(v_stored.status_code, 201), 'body', v_stored.response);
  END IF;

  IF p_location_id IS NOT NULL THEN
    SELECT id, code, archived_at INTO v_place FROM stock_locations
      WHERE id = p_location_id AND warehouse_id = p_warehouse_id FOR SHARE;
  ELSE
    SELECT l.id, l.code, l.archived_at INTO v_place FROM stock_locations l
      WHERE l.warehouse_id = p_warehouse_id AND l.id = coalesce(
        (SELECT d.location_id FROM stock_default_locations d WHERE d.article_id = p_article_id),
        (SELECT s.id FROM stock_locations s WHERE s.warehouse_id = p_warehouse_id AND lower(s.code) = lower('STANDARD')));
    IF FOUND AND upper(v_place.code) <> 'STANDARD' THEN
      SELECT id, code, archived_at INTO v_place FROM stock_locations WHERE id = v_place.id FOR SHARE;
    END IF;
  END IF;
  IF NOT FOUND OR v_place.archived_at IS NOT NULL THEN
    RAISE EXCEPTION 'stock_book_lot: location' USING ERRCODE = 'LG000';
  END IF;

  -- The article row locked first: its lots are read and changed under this lock only.
  SELECT * INTO v_article FROM stock_articles
    WHERE id = p_article_id AND warehouse_id = p_warehouse_id AND archived_at IS NULL AND tracking = 'lot' FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'stock_book_lot: article' USING ERRCODE = 'LG000';
  END IF;

  IF p_kind = 'in' THEN
    IF v_article.expiry AND p_best_before IS NULL THEN
      RAISE EXCEPTION 'stock_book_lot: best_before' USING ERRCODE = 'LG000';
    END IF;
    INSERT INTO stock_lots (warehouse_id, article_id, code, best_before)
      VALUES (p_warehouse_id, p_article_id, p_lot, p_best_before) ON CONFLICT (article_id, code) DO NOTHING;
    SELECT id, best_before INTO v_lot FROM stock_lots WHERE article_id = p_article_id AND code = p_lot;
    IF p_best_before IS NOT NULL AND v_lot.best_before IS NOT NULL AND v_lot.best_before <> p_best_before THEN
      RAISE EXCEPTION 'stock_book_lot: best_before differs' USING ERRCODE = 'LG000';
    END IF;
    IF p_best_before IS NOT NULL AND v_lot.best_before IS NULL THEN
      UPDATE stock_lots SET best_before = p_best_before WHERE id = v_lot.id;
    END IF;
    v_ids := ARRAY[v_lot.id];
    v_codes := ARRAY[p_lot];
    v_dates := ARRAY[coalesce(v_lot.best_before, p_best_before)];
    v_deltas := ARRAY[p_amount];
    v_delta := p_amount;
  ELSE
    v_left := p_amount;
    FOR v_row IN
      SELECT l.id, l.code, l.best_before, q.quantity FROM stock_lot_quantities q JOIN stock_lots l ON l.id = q.lot_id
        WHERE q.article_id = p_article_id AND q.location_id = v_place.id AND q.quantity > 0
          AND (p_lot IS NULL OR l.code = p_lot)
        ORDER BY l.best_before ASC NULLS LAST, l.created_at, l.id
    LOOP
      EXIT WHEN v_left <= 0;
      v_take := least(v_left, v_row.quantity);
      v_ids := v_ids || v_row.id;
      v_codes := v_codes || v_row.code;
      v_dates := v_dates || v_row.best_before;
      v_deltas := v_deltas || (-v_take);
      v_left := v_left - v_take;
    END LOOP;
    IF v_left > 0 THEN
      RAISE EXCEPTION 'stock_book_lot: not enough' USING ERRCODE = 'LG000';
    END IF;
    v_delta := -p_amount;
  END IF;

  UPDATE stock_articles SET quantity = quantity + v_delta, updated_at = now()
    WHERE id = p_article_id AND quantity + v_delta >= 0 AND (v_delta <= 0 OR quantity + v_delta <= p_max)
      AND (v_delta % 1000 = 0 OR unit <> ALL (p_whole_units))
    RETURNING * INTO v_article;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'stock_book_lot: article stock' USING ERRCODE = 'LG000';
  END IF;
  IF v_delta >= 0 THEN
    INSERT INTO stock_location_quantities AS q (location_id, article_id, warehouse_id, quantity)
      VALUES (v_place.id, p_article_id, p_warehouse_id, v_delta)
      ON CONFLICT (location_id, article_id) DO UPDATE SET quantity = q.quantity + excluded.quantity
      RETURNING quantity INTO v_after;
  ELSE
    UPDATE stock_location_quantities SET quantity = quantity + v_delta
      WHERE location_id = v_place.id AND article_id = p_article_id AND quantity + v_delta >= 0
      RETURNING quantity INTO v_after;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'stock_book_lot: location stock' USING ERRCODE = 'LG000';
    END IF;
  END IF;

  v_article_before := v_article.quantity - v_delta;
  v_place_before := v_after - v_delta;
  FOR i IN 1 .. array_length(v_ids, 1) LOOP
    IF v_deltas[i] > 0 THEN
      INSERT INTO stock_lot_quantities AS q (lot_id, location_id, article_id, warehouse_id, quantity)
        VALUES (v_ids[i], v_place.id, p_article_id, p_warehouse_id, v_deltas[i])
        ON CONFLICT (lot_id, location_id) DO UPDATE SET quantity = q.quantity + excluded.quantity;
    ELSE
      UPDATE stock_lot_quantities SET quantity = quantity + v_deltas[i] WHERE lot_id = v_ids[i] AND location_id = v_place.id;
    END IF;
    v_article_before := v_article_before + v_deltas[i];
    v_place_before := v_place_before + v_deltas[i];
    INSERT INTO stock_movements (warehouse_id, article_id, kind, delta, quantity_after, reason, note, reference,
        user_id, user_name, occurred_at, location_id, location_quantity_after, lot, best_before)
      VALUES (p_warehouse_id, p_article_id, p_kind, v_deltas[i], v_article_before, p_reason, p_note, p_reference,
        p_user_id, p_user_name, p_occurred_at, v_place.id, v_place_before, v_codes[i], v_dates[i])
      RETURNING * INTO v_movement;
    v_movements := v_movements || jsonb_build_array(to_jsonb(v_movement));
    v_lots := v_lots || jsonb_build_array(jsonb_build_object('lot', v_codes[i], 'quantity', abs(v_deltas[i])));
  END LOOP;

  v_answer := jsonb_build_object('article', to_jsonb(v_article), 'movement', v_movements -> 0, 'movements', v_movements,
    'lots', v_lots, 'location_code', v_place.code);
  INSERT INTO stock_idempotency_keys AS k (user_id, key, request_hash, status_code, response)
    VALUES (p_user_id, p_key, p_hash, 201, jsonb_build_object('$booking', v_answer))
    ON CONFLICT (user_id, key) DO UPDATE SET status_code = excluded.status_code, response = excluded.response;
  RETURN jsonb_build_object('status', 201, 'booking', v_answer);
END
$$;
