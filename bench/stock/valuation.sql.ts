/**
 * The SQL the generator values its history with: the stock module's moving average
 * (stock-movements.rules.ts: valueInflow, valueOutflow, valueTransfer) as a PostgreSQL aggregate,
 * run as a window over each item's movements in ledger order, so that a million movements are
 * valued in one set-based pass instead of a million postings. Session-local (pg_temp): nothing of
 * it stays in the database. replay.ts checks it against the module's own functions.
 *
 * The state is numeric[]: quantity on hand (all locations), stock value, average cost, and the
 * unit cost and value of the movement just applied.
 */
export const VALUATION_SQL = `
CREATE FUNCTION pg_temp.value_step(st numeric[], kind text, q numeric, cost numeric)
RETURNS numeric[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  qty numeric := st[1];
  val numeric := st[2];
  avg numeric := st[3];
  c numeric;
  v numeric;
  exact numeric;
BEGIN
  IF kind = 'in' THEN
    -- With a cost the average moves to (value + q × cost) / quantity, from the exact entry; without
    -- one the entry comes in at the average, which stays.
    c := coalesce(cost, avg);
    exact := q * c;
    v := round(exact, 4);
    IF cost IS NOT NULL THEN
      avg := round((val + exact) / (qty + q), 4);
    END IF;
    RETURN ARRAY[qty + q, val + v, avg, c, v];
  ELSIF kind = 'out' THEN
    -- At the average; the last units take all the value left, and no outflow more than there is.
    v := CASE WHEN qty = q THEN val ELSE least(round(q * avg, 4), val) END;
    RETURN ARRAY[qty - q, val - v, avg, avg, v];
  ELSE
    -- A transfer leaves the item's valuation as it is and is recorded at the average.
    RETURN ARRAY[qty, val, avg, avg, least(round(q * avg, 4), val)];
  END IF;
END
$$;

CREATE AGGREGATE pg_temp.valuation(text, numeric, numeric) (
  SFUNC = pg_temp.value_step,
  STYPE = numeric[],
  INITCOND = '{0,0,0,0,0}'
);
`;
