CREATE TABLE "sign_up_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"password_hash" text NOT NULL,
	"is_agree_mail" boolean DEFAULT false NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "sign_up_attempt_id" integer;--> statement-breakpoint
ALTER TABLE "sign_up_attempts" ADD CONSTRAINT "sign_up_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_up_attempts_user_idx" ON "sign_up_attempts" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_sign_up_attempt_id_sign_up_attempts_id_fk" FOREIGN KEY ("sign_up_attempt_id") REFERENCES "public"."sign_up_attempts"("id") ON DELETE cascade ON UPDATE no action;