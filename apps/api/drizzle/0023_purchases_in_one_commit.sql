-- The purchases the API received in one turn of its event loop, of any members, written in one
-- statement and one commit (decision 0297): one round trip, one wakeup of the backend and one
-- flush of the write-ahead log for all of them, instead of one each. Each purchase is still
-- `purchase_episodes` (0022), called in the order given, so that a member with two purchases in
-- the batch has the second decided on what the first wrote.
--
-- Locks are taken in the order every movement takes them, so that batches and single movements
-- never wait on each other in a circle: the members' accounts first, in id order, then the
-- operator's accounts, in id order. In a batch the operator's accounts are credited last, once
-- per account for the whole batch, so that concurrent batches, which credit many of the same
-- accounts, hold them only from then until their commit.
--
-- `purchase_episodes` gains the flag that defers its credits (it answers them instead).
DROP FUNCTION "purchase_episodes"(integer, text, integer, text, integer[], integer, timestamptz, text, timestamptz, jsonb, jsonb, jsonb);
--> statement-breakpoint
CREATE FUNCTION "purchase_episodes"(
  p_user_id integer,
  p_brand_id text,
  p_series_id integer,
  p_kind text,
  p_episode_ids integer[],
  p_price integer,
  p_expires_at timestamptz,
  p_key text,
  p_now timestamptz,
  -- What the caller decided the sale of one episode on: the episode's and its series' facts
  -- (publishedAt, isFree, freetime, rentPrice, buyPrice, saleType, discountPercent, isAdult,
  -- isBl) and how many running ownerships of it the member had. Null when the caller decided
  -- inside a transaction that already locked the wallet, on what it read there.
  p_decided_on jsonb,
  -- The operator's accounts this member's coins go to, by coin type: spent, and expired.
  p_spent_accounts jsonb,
  p_expired_accounts jsonb,
  -- True in a batch: the operator's accounts are credited by the batch, after every purchase of
  -- it, and this call answers what it owes them under "credits" ({account id: coins}).
  p_defer_credits boolean DEFAULT false
) RETURNS jsonb LANGUAGE plpgsql
-- Its statements are planned once per connection: their plans do not depend on the values.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_accounts jsonb;
  v_purchase episode_purchases;
  v_lot_ids integer[];
  v_lot_ledgers text[];
  v_takes integer[];
  v_due_ids integer[];
  v_due_ledgers text[];
  v_due_amounts integer[];
  v_account_ids integer[];
  v_transfer record;
  v_ledger text;
  v_amount integer;
  -- The use transfer of each coin type, by coin type.
  v_uses jsonb := '{}';
  -- What the operator's accounts are owed, when the batch credits them.
  v_credits jsonb := '{}';
BEGIN
  -- The member's four accounts, created on first use, locked in id order (as every movement locks them).
  SELECT jsonb_object_agg(a.ledger, a.id) INTO v_accounts
    FROM (SELECT id, ledger FROM ledger_accounts WHERE user_id = p_user_id ORDER BY id FOR UPDATE) a;
  IF v_accounts IS NULL OR (SELECT count(*) FROM jsonb_object_keys(v_accounts)) < 4 THEN
    INSERT INTO ledger_accounts (user_id, ledger)
      SELECT p_user_id, l FROM unnest(ARRAY['COIN', 'FREE_COIN', 'BONUS', 'MILEAGE']) AS l
      ON CONFLICT DO NOTHING;
    SELECT jsonb_object_agg(a.ledger, a.id) INTO v_accounts
      FROM (SELECT id, ledger FROM ledger_accounts WHERE user_id = p_user_id ORDER BY id FOR UPDATE) a;
  END IF;

  SELECT * INTO v_purchase FROM episode_purchases WHERE user_id = p_user_id AND idempotency_key = p_key;
  IF FOUND THEN
    RETURN jsonb_build_object('outcome', 'EARLIER', 'purchase', to_jsonb(v_purchase), 'lots', (
      SELECT coalesce(jsonb_agg(jsonb_build_object('ledger', ledger, 'remaining', remaining, 'expiresAt', expires_at)), '[]')
        FROM coin_lots WHERE user_id = p_user_id AND remaining > 0));
  END IF;

  -- The decision stands only on facts still true under the lock; else the caller decides again.
  IF p_decided_on IS NOT NULL AND (
    (SELECT count(*) FROM unnest(p_episode_ids) AS e
       JOIN ownerships o ON o.user_id = p_user_id AND o.episode_id = e
      WHERE o.expires_at IS NULL OR o.expires_at > p_now) <> (p_decided_on ->> 'ownerships')::integer
    OR NOT EXISTS (
      SELECT 1
        FROM episodes e
        JOIN series s ON s.id = e.series_id
        JOIN series_brands sb ON sb.series_id = e.series_id AND sb.brand_id = p_brand_id
       WHERE cardinality(p_episode_ids) = 1 AND e.id = p_episode_ids[1] AND e.series_id = p_series_id
         -- JavaScript's dates hold milliseconds.
         AND date_trunc('milliseconds', e.published_at) = (p_decided_on ->> 'publishedAt')::timestamptz
         AND e.is_free = (p_decided_on ->> 'isFree')::boolean
         AND e.freetime = (p_decided_on ->> 'freetime')::boolean
         AND e.rent_price = (p_decided_on ->> 'rentPrice')::integer
         AND e.buy_price = (p_decided_on ->> 'buyPrice')::integer
         AND e.sale_type = p_decided_on ->> 'saleType'
         AND sb.discount_percent = (p_decided_on ->> 'discountPercent')::integer
         AND s.is_adult = (p_decided_on ->> 'isAdult')::boolean
         AND s.is_bl = (p_decided_on ->> 'isBl')::boolean)
  ) THEN
    RETURN jsonb_build_object('outcome', 'CHANGED');
  END IF;

  -- The spending order: free and bonus coins first, the lot that expires soonest first, then paid
  -- coins, oldest first; expired lots and points never pay. Each lot gives what is still owed.
  SELECT array_agg(id ORDER BY rank), array_agg(ledger ORDER BY rank),
         array_agg(least(remaining, p_price - before) ORDER BY rank)
    INTO v_lot_ids, v_lot_ledgers, v_takes
    FROM (SELECT id, ledger, remaining, rank,
                 coalesce(sum(remaining) OVER (ORDER BY rank ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
            FROM (SELECT id, ledger, remaining,
                         row_number() OVER (ORDER BY ledger = 'COIN',
                                                     CASE WHEN ledger <> 'COIN' THEN expires_at END ASC NULLS LAST,
                                                     created_at, id) AS rank
                    FROM coin_lots
                   WHERE user_id = p_user_id AND remaining > 0 AND ledger IN ('FREE_COIN', 'BONUS', 'COIN')
                     AND (expires_at IS NULL OR expires_at > p_now)) AS spendable) AS ordered
   WHERE before < p_price;
  IF p_price > 0 AND coalesce((SELECT sum(t) FROM unnest(v_takes) AS t), 0) < p_price THEN
    RETURN jsonb_build_object('outcome', 'COIN_INSUFFICIENT');
  END IF;

  INSERT INTO episode_purchases (user_id, brand_id, series_id, kind, episode_ids, price, expires_at, idempotency_key)
    VALUES (p_user_id, p_brand_id, p_series_id, p_kind, p_episode_ids, p_price, p_expires_at, p_key)
    RETURNING * INTO v_purchase;

  INSERT INTO ownerships (user_id, episode_id, series_id, kind, expires_at, source, order_ref)
    SELECT p_user_id, e, p_series_id, p_kind, p_expires_at,
           CASE WHEN p_kind IN ('RENT', 'ALL_RENT') THEN 'RENT' ELSE 'POSSESSION' END, 'purchase:' || v_purchase.id
      FROM unnest(p_episode_ids) AS e;

  IF p_price > 0 THEN
    -- The lots whose time has passed with coins left: written off first, as the expiry job does.
    SELECT array_agg(id ORDER BY ledger, id), array_agg(ledger ORDER BY ledger, id), array_agg(remaining ORDER BY ledger, id)
      INTO v_due_ids, v_due_ledgers, v_due_amounts
      FROM coin_lots WHERE user_id = p_user_id AND remaining > 0 AND expires_at <= p_now;

    -- The operator's accounts this movement credits, locked in id order before any account
    -- changes, as every movement locks them (an UPDATE alone locks in whatever order it reads).
    v_account_ids := ARRAY(
      SELECT (p_spent_accounts ->> l)::integer FROM unnest(v_lot_ledgers) AS l
      UNION
      SELECT (p_expired_accounts ->> l)::integer FROM unnest(v_due_ledgers) AS l);
    IF NOT p_defer_credits THEN
      PERFORM 1 FROM ledger_accounts WHERE id = ANY (v_account_ids) ORDER BY id FOR NO KEY UPDATE;
    END IF;

    -- One transfer per expired lot (in coin type, then lot order), then one use per coin type,
    -- each with the lots it takes from and its effect on both accounts. Simple statements: a
    -- purchase is mostly one lot and one coin type, and each is planned once per connection.
    FOR i IN 1 .. coalesce(array_length(v_due_ids, 1), 0) LOOP
      INSERT INTO ledger_transfers (key, ledger, debit_account_id, credit_account_id, amount, user_id, type, title)
        VALUES ('expire:' || v_due_ids[i], v_due_ledgers[i], (v_accounts ->> v_due_ledgers[i])::integer,
                (p_expired_accounts ->> v_due_ledgers[i])::integer, v_due_amounts[i], p_user_id, 'EXPIRE', 'EXPIRE')
        RETURNING id, debit_account_id, credit_account_id INTO v_transfer;
      INSERT INTO lot_allocations (transfer_id, lot_id, amount) VALUES (v_transfer.id, v_due_ids[i], v_due_amounts[i]);
      UPDATE coin_lots SET remaining = remaining - v_due_amounts[i] WHERE id = v_due_ids[i];
      UPDATE ledger_accounts SET debits = debits + v_due_amounts[i] WHERE id = v_transfer.debit_account_id;
      IF p_defer_credits THEN
        v_credits := v_credits || jsonb_build_object(v_transfer.credit_account_id::text,
          coalesce((v_credits ->> v_transfer.credit_account_id::text)::integer, 0) + v_due_amounts[i]);
      ELSE
        UPDATE ledger_accounts SET credits = credits + v_due_amounts[i] WHERE id = v_transfer.credit_account_id;
      END IF;
    END LOOP;
    FOR v_ledger, v_amount IN
      SELECT x.ledger, sum(x.take)::integer FROM unnest(v_lot_ledgers, v_takes) AS x(ledger, take)
       GROUP BY x.ledger ORDER BY x.ledger
    LOOP
      INSERT INTO ledger_transfers (key, ledger, debit_account_id, credit_account_id, amount, user_id, type, title, purchase_id)
        VALUES ('purchase:' || v_purchase.id || ':' || v_ledger, v_ledger, (v_accounts ->> v_ledger)::integer,
                (p_spent_accounts ->> v_ledger)::integer, v_amount, p_user_id, 'USE', 'PURCHASE_EPISODE', v_purchase.id)
        RETURNING id, debit_account_id, credit_account_id INTO v_transfer;
      UPDATE ledger_accounts SET debits = debits + v_amount WHERE id = v_transfer.debit_account_id;
      IF p_defer_credits THEN
        v_credits := v_credits || jsonb_build_object(v_transfer.credit_account_id::text,
          coalesce((v_credits ->> v_transfer.credit_account_id::text)::integer, 0) + v_amount);
      ELSE
        UPDATE ledger_accounts SET credits = credits + v_amount WHERE id = v_transfer.credit_account_id;
      END IF;
      v_uses := v_uses || jsonb_build_object(v_ledger, v_transfer.id);
    END LOOP;
    FOR i IN 1 .. array_length(v_lot_ids, 1) LOOP
      INSERT INTO lot_allocations (transfer_id, lot_id, amount)
        VALUES ((v_uses ->> v_lot_ledgers[i])::integer, v_lot_ids[i], v_takes[i]);
      UPDATE coin_lots SET remaining = remaining - v_takes[i] WHERE id = v_lot_ids[i];
    END LOOP;
  END IF;

  -- The lots holding coins, of which the API computes the balance.
  RETURN jsonb_build_object('outcome', 'MADE', 'purchase', to_jsonb(v_purchase), 'credits', v_credits, 'lots', (
    SELECT coalesce(jsonb_agg(jsonb_build_object('ledger', ledger, 'remaining', remaining, 'expiresAt', expires_at)), '[]')
      FROM coin_lots WHERE user_id = p_user_id AND remaining > 0));
END;
$$;

--> statement-breakpoint
-- p_items: a jsonb array of {"userId", "brandId", "seriesId", "kind", "episodeIds", "price",
--   "expiresAt", "key", "now", "decidedOn", "spent", "expired"}, the arguments of
--   `purchase_episodes`. Answers a jsonb array of what `purchase_episodes` answers, in that order.
-- An error rolls back the whole batch; the API then sends each purchase on its own.
CREATE FUNCTION "purchase_episodes_batch"(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_item jsonb;
  v_answer jsonb;
  v_answers jsonb := '[]';
  -- What the batch owes each operator account: {account id: coins}.
  v_credits jsonb := '{}';
  v_account text;
  v_amount integer;
BEGIN
  PERFORM 1 FROM ledger_accounts
   WHERE user_id IN (SELECT (i ->> 'userId')::integer FROM jsonb_array_elements(p_items) AS i)
   ORDER BY id FOR UPDATE;
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    v_answer := purchase_episodes(
      (v_item ->> 'userId')::integer,
      v_item ->> 'brandId',
      (v_item ->> 'seriesId')::integer,
      v_item ->> 'kind',
      ARRAY(SELECT e::integer FROM jsonb_array_elements_text(v_item -> 'episodeIds') AS e),
      (v_item ->> 'price')::integer,
      (v_item ->> 'expiresAt')::timestamptz,
      v_item ->> 'key',
      (v_item ->> 'now')::timestamptz,
      -- JSON's null is not SQL's: the callee reads SQL null as "decided under the lock".
      nullif(v_item -> 'decidedOn', 'null'::jsonb),
      v_item -> 'spent',
      v_item -> 'expired',
      true);
    FOR v_account, v_amount IN SELECT key, value::integer FROM jsonb_each_text(v_answer -> 'credits') LOOP
      v_credits := v_credits || jsonb_build_object(v_account, coalesce((v_credits ->> v_account)::integer, 0) + v_amount);
    END LOOP;
    v_answers := v_answers || jsonb_build_array(v_answer - 'credits');
  END LOOP;
  -- The operator's accounts last, one update each, in id order.
  FOR v_account, v_amount IN SELECT key, value::integer FROM jsonb_each_text(v_credits) ORDER BY key::integer LOOP
    UPDATE ledger_accounts SET credits = credits + v_amount WHERE id = v_account::integer;
  END LOOP;
  RETURN v_answers;
END;
$$;
