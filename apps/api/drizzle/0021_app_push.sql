CREATE TABLE "app_push_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"service" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_push_tokens" ADD CONSTRAINT "app_push_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_push_tokens_service_token_uq" ON "app_push_tokens" USING btree ("service","token");--> statement-breakpoint
CREATE INDEX "app_push_tokens_user_idx" ON "app_push_tokens" USING btree ("user_id");
