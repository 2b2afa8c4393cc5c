DROP INDEX "spendings_building_date_idx";--> statement-breakpoint
CREATE INDEX "spendings_building_date_idx" ON "spendings" USING btree ("building_id","date","id","amount_cents");