CREATE TABLE "oidc_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"state" varchar(100) NOT NULL,
	"nonce" varchar(100) NOT NULL,
	"code_verifier" varchar(200) NOT NULL,
	"browser_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"subject" varchar(255),
	"email" varchar(254),
	"name" varchar(200),
	"signup_token_hash" varchar(64),
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"issuer" varchar(300) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"email" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_flows_state_uq" ON "oidc_flows" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_flows_signup_token_uq" ON "oidc_flows" USING btree ("signup_token_hash");--> statement-breakpoint
CREATE INDEX "oidc_flows_expires_idx" ON "oidc_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_subject_uq" ON "user_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");