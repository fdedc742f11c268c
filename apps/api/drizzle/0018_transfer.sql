CREATE TABLE "account_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" text NOT NULL,
	"consent_items" jsonb NOT NULL,
	"consent_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"client_ip" text NOT NULL,
	"summary" jsonb NOT NULL,
	"document" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_transfers_user_uq" ON "account_transfers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_transfers_brand_idx" ON "account_transfers" USING btree ("brand_id");--> statement-breakpoint
CREATE TABLE "transfer_periods" (
	"brand_id" text PRIMARY KEY NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_switches" (
	"scope" text PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"ends_at" timestamp with time zone,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("operator", "ledger", "shard")
SELECT 'TRANSFERRED', l, s FROM unnest(ARRAY['COIN','FREE_COIN','BONUS','MILEAGE']) AS l
CROSS JOIN generate_series(0, 15) AS s
ON CONFLICT DO NOTHING;
