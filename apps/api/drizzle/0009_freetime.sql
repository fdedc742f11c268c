ALTER TABLE "series_brands" ADD COLUMN "freetime_excludes_latest" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
CREATE TABLE "freetime_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"episode_id" integer NOT NULL,
	"brand_id" text NOT NULL,
	"seq" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "freetime_uses" ADD CONSTRAINT "freetime_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freetime_uses" ADD CONSTRAINT "freetime_uses_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freetime_uses" ADD CONSTRAINT "freetime_uses_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "freetime_uses_ticket_uq" ON "freetime_uses" USING btree ("user_id","series_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "freetime_uses_user_key_uq" ON "freetime_uses" USING btree ("user_id","idempotency_key");
