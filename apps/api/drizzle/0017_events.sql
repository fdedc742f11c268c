CREATE TABLE "event_themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"name" text NOT NULL,
	"primary_color" text NOT NULL,
	"accent_color" text NOT NULL,
	"banner_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"theme_id" integer,
	"audience" text DEFAULT 'ALL' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"draw_seed" text NOT NULL,
	"draw_seed_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_period" CHECK ("events"."ends_at" > "events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "event_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"type" text,
	"amount" integer,
	"percent" integer,
	"streak_days" integer,
	"valid_days" integer,
	CONSTRAINT "event_rewards_shape" CHECK (("event_rewards"."kind" = 'freeEarn' and "event_rewards"."type" is not null and "event_rewards"."amount" > 0 and "event_rewards"."percent" is null)
        or ("event_rewards"."kind" = 'addEarn' and "event_rewards"."type" in ('FREE_COIN', 'BONUS', 'MILEAGE') and "event_rewards"."percent" between 1 and 100)
        or ("event_rewards"."kind" = 'discount' and "event_rewards"."type" is null and "event_rewards"."percent" between 1 and 90))
);
--> statement-breakpoint
CREATE TABLE "event_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "event_prizes_positive" CHECK ("event_prizes"."amount" > 0 and "event_prizes"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "attendance_stamps" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roulette_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "roulette_spins" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"seed" text NOT NULL,
	"weights" integer[] NOT NULL,
	"prize_index" integer NOT NULL,
	"prize_type" text NOT NULL,
	"prize_amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emoticon_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"emoticon" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_theme_id_event_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."event_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rewards" ADD CONSTRAINT "event_rewards_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_prizes" ADD CONSTRAINT "event_prizes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_stamps" ADD CONSTRAINT "attendance_stamps_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_stamps" ADD CONSTRAINT "attendance_stamps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roulette_tickets" ADD CONSTRAINT "roulette_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roulette_spins" ADD CONSTRAINT "roulette_spins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roulette_spins" ADD CONSTRAINT "roulette_spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roulette_spins" ADD CONSTRAINT "roulette_spins_ticket_id_roulette_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."roulette_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emoticon_entries" ADD CONSTRAINT "emoticon_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emoticon_entries" ADD CONSTRAINT "emoticon_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_themes_brand_idx" ON "event_themes" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "events_brand_period_idx" ON "events" USING btree ("brand_id","ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "event_rewards_event_idx" ON "event_rewards" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_prizes_position_uq" ON "event_prizes" USING btree ("event_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_stamps_day_uq" ON "attendance_stamps" USING btree ("event_id","user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "roulette_tickets_source_uq" ON "roulette_tickets" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "roulette_tickets_unused_idx" ON "roulette_tickets" USING btree ("user_id","id") WHERE "roulette_tickets"."used_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "roulette_spins_ticket_uq" ON "roulette_spins" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roulette_spins_request_uq" ON "roulette_spins" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "roulette_spins_event_idx" ON "roulette_spins" USING btree ("event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "emoticon_entries_member_uq" ON "emoticon_entries" USING btree ("event_id","user_id");
