CREATE TABLE "admin_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_user_id" integer,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ledger" text NOT NULL,
	"transfer_id" integer NOT NULL,
	"source" text NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_lots_transfer_id_unique" UNIQUE("transfer_id"),
	CONSTRAINT "coin_lots_remaining" CHECK ("coin_lots"."remaining" >= 0 and "coin_lots"."remaining" <= "coin_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "coin_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"channels" text[] NOT NULL,
	"name" text NOT NULL,
	"coins" integer NOT NULL,
	"bonus_coins" integer DEFAULT 0 NOT NULL,
	"free_coins" integer DEFAULT 0 NOT NULL,
	"price" integer NOT NULL,
	"sale_price" integer,
	"percent" integer,
	"marks" text[] DEFAULT '{}'::text[] NOT NULL,
	"layout" text DEFAULT 'ICON_TEXT' NOT NULL,
	"first_purchase_only" boolean DEFAULT false NOT NULL,
	"limit_total" integer,
	"limit_per_user" integer,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episode_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" text NOT NULL,
	"series_id" integer NOT NULL,
	"kind" text NOT NULL,
	"episode_ids" integer[] NOT NULL,
	"price" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"operator" text,
	"ledger" text NOT NULL,
	"debits" bigint DEFAULT 0 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."user_id" is null) <> ("ledger_accounts"."operator" is null)),
	CONSTRAINT "ledger_accounts_member_not_negative" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."credits" >= "ledger_accounts"."debits")
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"ledger" text NOT NULL,
	"debit_account_id" integer NOT NULL,
	"credit_account_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"source" text,
	"order_id" integer,
	"purchase_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_key_unique" UNIQUE("key"),
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id")
);
--> statement-breakpoint
CREATE TABLE "lot_allocations" (
	"transfer_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "lot_allocations_transfer_id_lot_id_pk" PRIMARY KEY("transfer_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"status" text DEFAULT 'UNPAID' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"product_name" text NOT NULL,
	"coins" integer NOT NULL,
	"bonus_coins" integer NOT NULL,
	"free_coins" integer NOT NULL,
	"return_path" text,
	"purchase_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "orders_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_lots" ADD CONSTRAINT "coin_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_lots" ADD CONSTRAINT "coin_lots_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_purchases" ADD CONSTRAINT "episode_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_purchases" ADD CONSTRAINT "episode_purchases_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_allocations" ADD CONSTRAINT "lot_allocations_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_allocations" ADD CONSTRAINT "lot_allocations_lot_id_coin_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."coin_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_coin_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."coin_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "coin_lots_open_idx" ON "coin_lots" USING btree ("user_id","ledger") WHERE "coin_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "coin_lots_expiry_idx" ON "coin_lots" USING btree ("expires_at") WHERE "coin_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "coin_products_brand_idx" ON "coin_products" USING btree ("brand_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_products_brand_name_uq" ON "coin_products" USING btree ("brand_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "episode_purchases_user_key_uq" ON "episode_purchases" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_member_uq" ON "ledger_accounts" USING btree ("user_id","ledger") WHERE "ledger_accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_operator_uq" ON "ledger_accounts" USING btree ("operator","ledger") WHERE "ledger_accounts"."operator" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transfers_user_idx" ON "ledger_transfers" USING btree ("user_id","ledger","created_at");--> statement-breakpoint
CREATE INDEX "lot_allocations_lot_idx" ON "lot_allocations" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_key_uq" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
INSERT INTO "ledger_accounts" ("operator", "ledger")
SELECT o, l FROM unnest(ARRAY['SOLD','PROMOTION','SPENT','EXPIRED','REFUNDED','EXCHANGE','ADJUSTED']) AS o
CROSS JOIN unnest(ARRAY['COIN','FREE_COIN','BONUS','MILEAGE']) AS l
ON CONFLICT DO NOTHING;
