CREATE TABLE "withdrawn_emails" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"withdrawn_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "withdrawal_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "withdrawn_emails_withdrawn_at_idx" ON "withdrawn_emails" USING btree ("withdrawn_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_brand_phone_uq" ON "users" USING btree ("brand_id","phone") WHERE "users"."phone" is not null;