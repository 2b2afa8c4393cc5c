DROP INDEX "alerts_building_date_idx";--> statement-breakpoint
DROP INDEX "spendings_building_concept_idx";--> statement-breakpoint
CREATE INDEX "bookings_user_booked_idx" ON "bookings" USING btree ("user_id","start","id","amenity_id") WHERE "bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "alerts_building_date_idx" ON "alerts" USING btree ("building_id","date","id");--> statement-breakpoint
CREATE INDEX "spendings_building_concept_idx" ON "spendings" USING btree ("building_id","concept","date","id","amount_cents");