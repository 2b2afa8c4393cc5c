CREATE TABLE "spending_month_totals" (
	"building_id" integer NOT NULL,
	"month" date NOT NULL,
	"count" integer NOT NULL,
	"sum_cents" bigint NOT NULL,
	CONSTRAINT "spending_month_totals_building_id_month_pk" PRIMARY KEY("building_id","month")
);
--> statement-breakpoint
CREATE FUNCTION "spending_month_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One upsert per statement, keys in a fixed order (no deadlock between two multi-row writers);
  -- an UPDATE nets out its old and new rows so each key is touched once.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO spending_month_totals AS t (building_id, month, count, sum_cents)
    SELECT building_id, date_trunc('month', date::timestamp)::date, count(*), sum(amount_cents) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (building_id, month) DO UPDATE SET count = t.count + excluded.count, sum_cents = t.sum_cents + excluded.sum_cents;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO spending_month_totals AS t (building_id, month, count, sum_cents)
    SELECT building_id, m, sum(n), sum(c) FROM (
      SELECT building_id, date_trunc('month', date::timestamp)::date AS m, 1 AS n, amount_cents AS c FROM new_rows
      UNION ALL
      SELECT building_id, date_trunc('month', date::timestamp)::date, -1, -amount_cents FROM old_rows
    ) d GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (building_id, month) DO UPDATE SET count = t.count + excluded.count, sum_cents = t.sum_cents + excluded.sum_cents;
  ELSE
    INSERT INTO spending_month_totals AS t (building_id, month, count, sum_cents)
    SELECT building_id, date_trunc('month', date::timestamp)::date, -count(*), -sum(amount_cents) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (building_id, month) DO UPDATE SET count = t.count + excluded.count, sum_cents = t.sum_cents + excluded.sum_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "spendings_totals_insert" AFTER INSERT ON "spendings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "spending_month_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "spendings_totals_update" AFTER UPDATE ON "spendings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "spending_month_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "spendings_totals_delete" AFTER DELETE ON "spendings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "spending_month_totals_apply"();
--> statement-breakpoint
INSERT INTO "spending_month_totals" ("building_id", "month", "count", "sum_cents")
SELECT "building_id", date_trunc('month', "date"::timestamp)::date, count(*), sum("amount_cents") FROM "spendings" GROUP BY 1, 2;
