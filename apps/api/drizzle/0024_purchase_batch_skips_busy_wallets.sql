-- A batch of purchases (0023) no longer waits on a wallet that another movement holds: it locks
-- the members' accounts it can get at once (SKIP LOCKED), writes the purchases of those members,
-- and answers {"outcome": "BUSY"} for each purchase of a member whose accounts it could not all
-- lock. The API sends those on their own, where they wait for their own wallet only. Before, one
-- member's slow movement held up every purchase that landed in the same turn of the API.
CREATE OR REPLACE FUNCTION "purchase_episodes_batch"(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_item jsonb;
  v_answer jsonb;
  v_answers jsonb := '[]';
  -- The members of the batch whose accounts another transaction holds (some or all of them).
  v_busy integer[];
  -- What the batch owes each operator account: {account id: coins}.
  v_credits jsonb := '{}';
  v_account text;
  v_amount integer;
BEGIN
  WITH members AS (
    SELECT DISTINCT (i ->> 'userId')::integer AS user_id FROM jsonb_array_elements(p_items) AS i
  ), locked AS (
    SELECT id, user_id FROM ledger_accounts WHERE user_id IN (SELECT user_id FROM members)
     ORDER BY id FOR UPDATE SKIP LOCKED
  )
  SELECT coalesce(array_agg(a.user_id), '{}') INTO v_busy
    FROM (SELECT user_id, count(*) AS n FROM ledger_accounts WHERE user_id IN (SELECT user_id FROM members)
           GROUP BY user_id) a
    LEFT JOIN (SELECT user_id, count(*) AS n FROM locked GROUP BY user_id) l USING (user_id)
   WHERE coalesce(l.n, 0) < a.n;
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    IF (v_item ->> 'userId')::integer = ANY (v_busy) THEN
      v_answers := v_answers || jsonb_build_array(jsonb_build_object('outcome', 'BUSY'));
      CONTINUE;
    END IF;
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
