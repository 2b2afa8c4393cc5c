DROP INDEX "alerts_building_date_idx";--> statement-breakpoint
CREATE INDEX "bookings_user_booked_idx" ON "bookings" USING btree ("user_id","start","id","amenity_id") WHERE "bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "bookings_start_idx" ON "bookings" USING btree ("start","amenity_id","seat");--> statement-breakpoint
CREATE INDEX "alerts_building_date_idx" ON "alerts" USING btree ("building_id","date","id");