CREATE TABLE "admin_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text NOT NULL,
	"roles" text[] NOT NULL,
	"brand_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_totp_step" bigint,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_accounts_status" CHECK ("admin_accounts"."status" in ('ACTIVE', 'DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_admin_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "admin_audit" ALTER COLUMN "admin_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "member_admin_id" integer;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "brand_id" text;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "target_id" text;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "ip" text;--> statement-breakpoint
-- Entries written before the console name the reader account that acted; keep them, and their brand.
UPDATE "admin_audit" SET "member_admin_id" = "admin_id", "admin_id" = NULL;--> statement-breakpoint
UPDATE "admin_audit" a SET "brand_id" = coalesce(
	(SELECT u."brand_id" FROM "users" u WHERE u."id" = a."target_user_id"),
	(SELECT u."brand_id" FROM "users" u WHERE u."id" = a."member_admin_id"));--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_admin_id_admin_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_accounts_email_uq" ON "admin_accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_sessions_token_uq" ON "admin_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_sessions_admin_idx" ON "admin_sessions" USING btree ("admin_id");--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_admin_id_admin_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_member_admin_id_users_id_fk" FOREIGN KEY ("member_admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_record_idx" ON "admin_audit" USING btree ("target_type","target_id");--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor" CHECK ("admin_audit"."admin_id" is not null or "admin_audit"."member_admin_id" is not null);--> statement-breakpoint
ALTER TABLE "brand_companies" DROP CONSTRAINT "brand_companies_updated_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_requests" DROP CONSTRAINT "contact_requests_answered_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "gift_infos" DROP CONSTRAINT "gift_infos_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notices" DROP CONSTRAINT "notices_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "policies" DROP CONSTRAINT "policies_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "gift_infos" ALTER COLUMN "created_by" DROP NOT NULL;
--> statement-breakpoint
-- These columns named reader accounts with the ADMIN role; they name console admins now. The
-- audit log keeps who did each earlier action (member_admin_id), so the old ids are cleared.
UPDATE "brand_companies" SET "updated_by" = NULL;--> statement-breakpoint
UPDATE "contact_requests" SET "answered_by" = NULL;--> statement-breakpoint
UPDATE "coupons" SET "created_by" = NULL;--> statement-breakpoint
UPDATE "gift_infos" SET "created_by" = NULL;--> statement-breakpoint
UPDATE "notices" SET "author_id" = NULL;--> statement-breakpoint
UPDATE "policies" SET "author_id" = NULL;--> statement-breakpoint
ALTER TABLE "brand_companies" ADD CONSTRAINT "brand_companies_updated_by_admin_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admin_accounts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_answered_by_admin_accounts_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."admin_accounts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_admin_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gift_infos" ADD CONSTRAINT "gift_infos_created_by_admin_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_author_id_admin_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admin_accounts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_author_id_admin_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admin_accounts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The audit log is append-only: no role the API or the console uses can edit or erase an entry (decision 0230).
CREATE FUNCTION "admin_audit_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'admin_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "admin_audit_append_only" BEFORE UPDATE OR DELETE ON "admin_audit"
	FOR EACH ROW EXECUTE FUNCTION "admin_audit_is_append_only"();
