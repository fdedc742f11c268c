CREATE TABLE "identity_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" text NOT NULL,
	"provider" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_attempts" ADD CONSTRAINT "identity_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_attempts_user_idx" ON "identity_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "apple_guest_migrations" (
	"guest_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" text NOT NULL,
	"is_sign_up" boolean NOT NULL,
	"migrated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apple_guest_migrations" ADD CONSTRAINT "apple_guest_migrations_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apple_guest_migrations" ADD CONSTRAINT "apple_guest_migrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
