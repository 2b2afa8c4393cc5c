ALTER TYPE "public"."payment_status" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'charged_back';--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"status" "payment_status" NOT NULL,
	"source" varchar(20) NOT NULL,
	"actor_id" integer,
	"provider_payment_id" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_id" varchar(200) NOT NULL,
	"external_reference" varchar(200) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" varchar(3) DEFAULT 'ARS' NOT NULL,
	"status" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "payments_expense_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "building_id" integer;--> statement-breakpoint
UPDATE "payments" SET "building_id" = e."building_id" FROM "expenses" e WHERE e."id" = "payments"."expense_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "building_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_checkout_uq" ON "sandbox_payments" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "sandbox_payments_reference_idx" ON "sandbox_payments" USING btree ("external_reference");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_building_idx" ON "payments" USING btree ("building_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_uq" ON "payments" USING btree ("expense_id") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_pending_check_idx" ON "payments" USING btree ("checked_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_expense_idx" ON "payments" USING btree ("expense_id","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_non_negative" CHECK ("payments"."amount_cents" >= 0);--> statement-breakpoint
-- Expenses marked Pagada before payments were records: each gets the manual payment that covers it
-- (who recorded it was not kept), so "Pagada while an approved payment covers it" holds from now on.
INSERT INTO "payments" ("building_id", "expense_id", "provider", "status", "amount_cents", "approved_at", "created_at", "updated_at")
SELECT e."building_id", e."id", 'manual', 'approved', e."amount_cents", e."created_at", e."created_at", e."created_at"
FROM "expenses" e
WHERE e."status" = 'Pagada' AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."expense_id" = e."id" AND p."status" = 'approved');--> statement-breakpoint
INSERT INTO "payment_events" ("payment_id", "status", "source", "created_at")
SELECT p."id", 'approved', 'manual', p."created_at" FROM "payments" p
WHERE p."provider" = 'manual' AND NOT EXISTS (SELECT 1 FROM "payment_events" ev WHERE ev."payment_id" = p."id");
