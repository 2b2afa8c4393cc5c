CREATE TABLE "complaint_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"text" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaint_replies" ADD CONSTRAINT "complaint_replies_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_replies" ADD CONSTRAINT "complaint_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_replies_complaint_idx" ON "complaint_replies" USING btree ("complaint_id","id");--> statement-breakpoint
CREATE INDEX "complaints_image_idx" ON "complaints" USING btree ("image");--> statement-breakpoint
CREATE INDEX "complaints_unseen_idx" ON "complaints" USING btree ("building_id","created_at") WHERE "complaints"."seen" = false;