CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"title" text NOT NULL,
	"image_key" text NOT NULL,
	"link_url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"display_channel" text DEFAULT 'WEB' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "creators" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "creators_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "episode_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"episode_id" integer NOT NULL,
	"position" integer NOT NULL,
	"image_key" text,
	"width" integer,
	"height" integer,
	"text" text
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"freetime" boolean DEFAULT false NOT NULL,
	"rent_price" integer DEFAULT 0 NOT NULL,
	"buy_price" integer DEFAULT 0 NOT NULL,
	"sale_type" text DEFAULT 'BOTH' NOT NULL,
	"content_kind" text DEFAULT 'IMAGE' NOT NULL,
	"thumbnail_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"code" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"synopsis" text NOT NULL,
	"status" text NOT NULL,
	"schedule" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_adult" boolean DEFAULT false NOT NULL,
	"is_bl" boolean DEFAULT false NOT NULL,
	"content_kind" text DEFAULT 'IMAGE' NOT NULL,
	"format" text DEFAULT 'SERIAL' NOT NULL,
	"cover_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "series_brands" (
	"series_id" integer NOT NULL,
	"brand_id" text NOT NULL,
	"title" text NOT NULL,
	"synopsis" text NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_brands_series_id_brand_id_pk" PRIMARY KEY("series_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "series_creators" (
	"series_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "series_creators_series_id_creator_id_type_pk" PRIMARY KEY("series_id","creator_id","type")
);
--> statement-breakpoint
CREATE TABLE "series_genres" (
	"series_id" integer NOT NULL,
	"genre" text NOT NULL,
	CONSTRAINT "series_genres_series_id_genre_pk" PRIMARY KEY("series_id","genre")
);
--> statement-breakpoint
CREATE TABLE "series_tags" (
	"series_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "series_tags_series_id_tag_id_pk" PRIMARY KEY("series_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"sns_provider" text,
	"sns_id" text,
	"email" text,
	"name" text,
	"nickname" text,
	"password_hash" text,
	"phone" text,
	"is_adult" boolean DEFAULT false NOT NULL,
	"purchase_count" integer DEFAULT 0 NOT NULL,
	"is_agree_mail" boolean DEFAULT false NOT NULL,
	"show_adult" boolean DEFAULT false NOT NULL,
	"is_kr_ip_user" boolean DEFAULT false NOT NULL,
	"is_adult_kr" boolean DEFAULT false NOT NULL,
	"is_app_push" boolean DEFAULT false NOT NULL,
	"is_agree_push" boolean DEFAULT false NOT NULL,
	"is_agree_push_contents" boolean DEFAULT false NOT NULL,
	"is_agree_push_freetime" boolean DEFAULT false NOT NULL,
	"is_agree_push_night" boolean DEFAULT false NOT NULL,
	"birthed_at" date,
	"is_bl_toggle" boolean DEFAULT true NOT NULL,
	"role" text DEFAULT 'USER' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "episode_pages" ADD CONSTRAINT "episode_pages_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_brands" ADD CONSTRAINT "series_brands_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_creators" ADD CONSTRAINT "series_creators_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_creators" ADD CONSTRAINT "series_creators_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_genres" ADD CONSTRAINT "series_genres_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_genres" ADD CONSTRAINT "series_genres_genre_genres_code_fk" FOREIGN KEY ("genre") REFERENCES "public"."genres"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_tags" ADD CONSTRAINT "series_tags_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_tags" ADD CONSTRAINT "series_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_brand_idx" ON "banners" USING btree ("brand_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "episode_pages_episode_position_uq" ON "episode_pages" USING btree ("episode_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "episodes_series_number_uq" ON "episodes" USING btree ("series_id","number");--> statement-breakpoint
CREATE INDEX "episodes_published_idx" ON "episodes" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "series_brands_brand_idx" ON "series_brands" USING btree ("brand_id","view_count");--> statement-breakpoint
CREATE INDEX "series_genres_genre_idx" ON "series_genres" USING btree ("genre");--> statement-breakpoint
CREATE UNIQUE INDEX "users_brand_email_uq" ON "users" USING btree ("brand_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_brand_sns_uq" ON "users" USING btree ("brand_id","sns_provider","sns_id");