-- The admin's e-mail logs and failed e-mails are paged by key, newest first then by id (ADR 024, "Long lists").
-- An index on created_at alone left every row after the key to sort for a page of 50 (1.3 s at 1,000,000 failed
-- e-mails on PostgreSQL); with the id in the index a page reads its rows in index order. These replace the
-- indexes on created_at (and status, created_at), whose every use they serve.
-- send_jobs and failed_emails can be large on a busy installation: build the new indexes and drop the old ones
-- by hand before migrating, without blocking writes, and these statements find it done (docs/deploy.md,
-- "Upgrades"):
--   CREATE INDEX CONCURRENTLY IF NOT EXISTS "failed_emails_created_id_idx" ON "failed_emails" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--   CREATE INDEX CONCURRENTLY IF NOT EXISTS "send_jobs_status_created_id_idx" ON "send_jobs" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--   CREATE INDEX CONCURRENTLY IF NOT EXISTS "send_jobs_created_id_idx" ON "send_jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--   DROP INDEX CONCURRENTLY IF EXISTS "failed_emails_created_at_idx";
--   DROP INDEX CONCURRENTLY IF EXISTS "send_jobs_status_created_idx";
--   DROP INDEX CONCURRENTLY IF EXISTS "send_jobs_created_at_idx";
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS "failed_emails_created_id_idx" ON "failed_emails" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS "send_jobs_status_created_id_idx" ON "send_jobs" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS "send_jobs_created_id_idx" ON "send_jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- squawk-ignore require-concurrent-index-deletion
DROP INDEX IF EXISTS "failed_emails_created_at_idx";--> statement-breakpoint
-- squawk-ignore require-concurrent-index-deletion
DROP INDEX IF EXISTS "send_jobs_status_created_idx";--> statement-breakpoint
-- squawk-ignore require-concurrent-index-deletion
DROP INDEX IF EXISTS "send_jobs_created_at_idx";
