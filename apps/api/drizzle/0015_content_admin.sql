CREATE TABLE "brand_home_tabs" (
	"brand_id" text PRIMARY KEY NOT NULL,
	"tabs" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
