CREATE TABLE "contact_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'WAIT' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_requests_status" CHECK ("contact_requests"."status" in ('WAIT', 'COMPLETED')),
	CONSTRAINT "contact_requests_answered" CHECK (("contact_requests"."status" = 'WAIT' and "contact_requests"."answer" is null) or ("contact_requests"."status" = 'COMPLETED' and "contact_requests"."answer" is not null and "contact_requests"."answered_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "contact_attachments" (
	"request_id" integer NOT NULL,
	"position" integer NOT NULL,
	"media_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	CONSTRAINT "contact_attachments_request_id_position_pk" PRIMARY KEY("request_id","position"),
	CONSTRAINT "contact_attachments_position" CHECK ("contact_attachments"."position" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_attachments" ADD CONSTRAINT "contact_attachments_request_id_contact_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_requests_user_idx" ON "contact_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_requests_brand_status_idx" ON "contact_requests" USING btree ("brand_id","status","created_at");
