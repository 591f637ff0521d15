-- Several mailboxes per user (ADR 030): Gmail, Microsoft and SMTP in user_mailboxes, one of them chosen; each
-- send job names the mailbox chosen when it was scheduled, each delivery the provider it left through. Every
-- user_gmail row is carried over as that user's chosen Gmail. user_gmail stays for the version still running
-- during the upgrade: the new version keeps it holding the chosen Gmail, and a link or unlink the old version
-- writes there meanwhile is carried over by triggers. Constraints on existing tables are added NOT VALID and validated
-- after the migration (db/validate-constraints.ts).
CREATE TABLE "user_mailboxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"provider" text NOT NULL,
	"email" text NOT NULL,
	"credential" text,
	"access_token" text,
	"token_expiry" timestamp with time zone,
	"scopes" text DEFAULT '' NOT NULL,
	"account_id" text,
	"account_type" text,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_tls" text,
	"smtp_user" text,
	"daily_cap" integer,
	"paused_until" timestamp with time zone,
	"chosen" boolean DEFAULT false NOT NULL,
	"unlinked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_mailboxes_provider_known" CHECK ("user_mailboxes"."provider" in ('gmail','microsoft','smtp')),
	CONSTRAINT "user_mailboxes_smtp_tls_known" CHECK ("user_mailboxes"."smtp_tls" is null or "user_mailboxes"."smtp_tls" in ('tls','starttls','none')),
	CONSTRAINT "user_mailboxes_account_type_known" CHECK ("user_mailboxes"."account_type" is null or "user_mailboxes"."account_type" in ('consumer','organization')),
	CONSTRAINT "user_mailboxes_unlinked_has_no_secret" CHECK ("user_mailboxes"."unlinked_at" is null or ("user_mailboxes"."credential" is null and not "user_mailboxes"."chosen"))
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "sender_provider" text;--> statement-breakpoint
ALTER TABLE "send_jobs" ADD COLUMN "mailbox_id" uuid;--> statement-breakpoint
ALTER TABLE "user_mailboxes" ADD CONSTRAINT "user_mailboxes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- user_mailboxes is new in this migration: its indexes are built before anyone writes to it.
-- squawk-ignore require-concurrent-index-creation
CREATE UNIQUE INDEX "user_mailboxes_profile_provider_email_unique" ON "user_mailboxes" USING btree ("profile_id","provider","email");--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation
CREATE UNIQUE INDEX "user_mailboxes_one_chosen" ON "user_mailboxes" USING btree ("profile_id") WHERE "user_mailboxes"."chosen";--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX "user_mailboxes_email_idx" ON "user_mailboxes" USING btree ("email");--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX "user_mailboxes_linked_profile_idx" ON "user_mailboxes" USING btree ("profile_id","chosen" DESC NULLS LAST) WHERE "user_mailboxes"."credential" is not null;--> statement-breakpoint
ALTER TABLE "send_jobs" ADD CONSTRAINT "send_jobs_mailbox_id_user_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."user_mailboxes"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_sender_provider_known" CHECK ("deliveries"."sender_provider" is null or "deliveries"."sender_provider" in ('gmail','microsoft','smtp')) NOT VALID;;--> statement-breakpoint
CREATE TRIGGER user_mailboxes_set_updated_at BEFORE UPDATE ON user_mailboxes FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
-- Every linked Gmail, as its user's chosen mailbox, with its tokens (still sealed), cap and pause.
INSERT INTO "user_mailboxes" ("profile_id", "provider", "email", "credential", "access_token", "token_expiry", "scopes", "account_id", "daily_cap", "paused_until", "chosen", "created_at")
SELECT "profile_id", 'gmail', "email", "refresh_token", "access_token", "token_expiry", "scopes", "google_sub", "daily_cap", "paused_until", true, "created_at"
FROM "user_gmail";--> statement-breakpoint
-- A Gmail linked (or its tokens refreshed) by the previous version while it still runs during the upgrade:
-- carried over the same way, chosen unless the user already chose another mailbox.
CREATE OR REPLACE FUNCTION user_gmail_carry_over() RETURNS trigger AS $$
BEGIN
  INSERT INTO user_mailboxes (profile_id, provider, email, credential, access_token, token_expiry, scopes, account_id, daily_cap, paused_until, chosen)
  VALUES (NEW.profile_id, 'gmail', NEW.email, NEW.refresh_token, NEW.access_token, NEW.token_expiry, NEW.scopes, NEW.google_sub,
    NEW.daily_cap, NEW.paused_until, NOT EXISTS (SELECT 1 FROM user_mailboxes m WHERE m.profile_id = NEW.profile_id AND m.chosen))
  ON CONFLICT (profile_id, provider, email) DO UPDATE SET
    credential = EXCLUDED.credential, access_token = EXCLUDED.access_token, token_expiry = EXCLUDED.token_expiry,
    scopes = EXCLUDED.scopes, daily_cap = EXCLUDED.daily_cap, account_id = coalesce(EXCLUDED.account_id, user_mailboxes.account_id),
    paused_until = greatest(EXCLUDED.paused_until, user_mailboxes.paused_until), unlinked_at = NULL,
    chosen = user_mailboxes.chosen OR NOT EXISTS (
      SELECT 1 FROM user_mailboxes m WHERE m.profile_id = EXCLUDED.profile_id AND m.chosen AND m.id <> user_mailboxes.id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER user_gmail_carry_over AFTER INSERT OR UPDATE ON user_gmail FOR EACH ROW EXECUTE FUNCTION user_gmail_carry_over();--> statement-breakpoint
-- A Gmail the previous version unlinks (the user, or Google's invalid_grant) is unlinked here too, so this
-- version's workers stop sending from it. This version's own rewrites of user_gmail say so (sira.legacy_sync)
-- and are not unlinks.
CREATE OR REPLACE FUNCTION user_gmail_unlinked() RETURNS trigger AS $$
BEGIN
  IF coalesce(current_setting('sira.legacy_sync', true), '') <> 'on' THEN
    UPDATE user_mailboxes SET credential = NULL, access_token = NULL, token_expiry = NULL, chosen = false, unlinked_at = now()
    WHERE profile_id = OLD.profile_id AND provider = 'gmail' AND email = OLD.email AND credential IS NOT NULL;
  END IF;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER user_gmail_unlinked AFTER DELETE ON user_gmail FOR EACH ROW EXECUTE FUNCTION user_gmail_unlinked();
