CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"coin_type" text,
	"coins" integer,
	"coin_valid_days" integer,
	"discount_percent" integer,
	"discount_amount" integer,
	"minimum_amount" integer,
	"usable_days" integer,
	"episode_id" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"max_uses" integer,
	"use_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_codes_uses" CHECK ("coupon_codes"."use_count" >= 0 and ("coupon_codes"."max_uses" is null or "coupon_codes"."use_count" <= "coupon_codes"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "coupon_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"granted_at" timestamp with time zone,
	"grant_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_user_id" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_users" ADD CONSTRAINT "coupon_users_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_users" ADD CONSTRAINT "coupon_users_code_id_coupon_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."coupon_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_users" ADD CONSTRAINT "coupon_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_user_id_coupon_users_id_fk" FOREIGN KEY ("coupon_user_id") REFERENCES "public"."coupon_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_brand_idx" ON "coupons" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_codes_hash_uq" ON "coupon_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "coupon_codes_coupon_idx" ON "coupon_codes" USING btree ("coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_users_member_uq" ON "coupon_users" USING btree ("user_id","coupon_id");--> statement-breakpoint
CREATE INDEX "coupon_users_user_idx" ON "coupon_users" USING btree ("user_id","registered_at");--> statement-breakpoint
CREATE INDEX "orders_coupon_user_idx" ON "orders" USING btree ("coupon_user_id") WHERE "orders"."coupon_user_id" is not null;
