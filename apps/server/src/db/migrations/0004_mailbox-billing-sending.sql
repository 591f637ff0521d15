CREATE TABLE "mailbox_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"path" text NOT NULL,
	"original_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resumes_path_unique" UNIQUE("path")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "gateway_status" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_gmail" ADD COLUMN "google_sub" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "mailbox_notice" text;--> statement-breakpoint
ALTER TABLE "send_jobs" ADD COLUMN "resume_name" text DEFAULT 'resume.pdf' NOT NULL;--> statement-breakpoint
ALTER TABLE "mailbox_oauth_states" ADD CONSTRAINT "mailbox_oauth_states_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumes" ADD CONSTRAINT "resumes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumes_profile_created_idx" ON "resumes" USING btree ("profile_id","created_at" DESC NULLS LAST);