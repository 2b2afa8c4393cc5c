ALTER TABLE "expenses" ADD COLUMN "mt2" numeric(12, 2);--> statement-breakpoint
UPDATE "expenses" SET "mt2" = "apartments"."mt2" FROM "apartments" WHERE "apartments"."id" = "expenses"."apartment_id";--> statement-breakpoint
ALTER TABLE "expenses" ALTER COLUMN "mt2" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_month_range" CHECK ("expenses"."month" between 0 and 11);--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_amount_non_negative" CHECK ("expenses"."amount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_month_range" CHECK ("settlements"."month" between 0 and 11);--> statement-breakpoint
ALTER TABLE "spendings" ADD CONSTRAINT "spendings_amount_positive" CHECK ("spendings"."amount_cents" > 0);