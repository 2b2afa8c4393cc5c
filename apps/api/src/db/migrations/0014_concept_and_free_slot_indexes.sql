DROP INDEX "spendings_building_concept_idx";--> statement-breakpoint
CREATE INDEX "bookings_free_idx" ON "bookings" USING btree ("amenity_id","start","seat") WHERE "bookings"."status" <> 'booked';--> statement-breakpoint
CREATE INDEX "spendings_building_concept_idx" ON "spendings" USING btree ("building_id","concept","date","id","amount_cents");