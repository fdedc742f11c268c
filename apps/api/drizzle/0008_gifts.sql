CREATE TABLE "gift_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text,
	"coin_type" text,
	"coin_amount" integer,
	"coin_valid_days" integer,
	"series_id" integer,
	"episode_ids" integer[],
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_infos_content" CHECK (("gift_infos"."kind" = 'COIN' and "gift_infos"."coin_type" is not null and "gift_infos"."coin_amount" > 0)
        or ("gift_infos"."kind" <> 'COIN' and "gift_infos"."series_id" is not null and cardinality("gift_infos"."episode_ids") > 0))
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"info_id" integer NOT NULL,
	"brand_id" text NOT NULL,
	"target_type" text NOT NULL,
	"user_id" integer,
	"email" text,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_target" CHECK (("gifts"."target_type" = 'USER' and "gifts"."user_id" is not null) or ("gifts"."target_type" = 'MAIL' and "gifts"."email" is not null))
);
--> statement-breakpoint
ALTER TABLE "gift_infos" ADD CONSTRAINT "gift_infos_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_infos" ADD CONSTRAINT "gift_infos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_info_id_gift_infos_id_fk" FOREIGN KEY ("info_id") REFERENCES "public"."gift_infos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_infos_admin_key_uq" ON "gift_infos" USING btree ("created_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "gifts_user_status_idx" ON "gifts" USING btree ("user_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "gifts_mail_waiting_idx" ON "gifts" USING btree ("brand_id","email") WHERE "gifts"."user_id" is null and "gifts"."status" = 'WAITING';--> statement-breakpoint
CREATE INDEX "gifts_expiry_idx" ON "gifts" USING btree ("expires_at") WHERE "gifts"."status" = 'WAITING';
