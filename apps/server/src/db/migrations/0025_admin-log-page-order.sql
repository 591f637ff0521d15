-- The admin's e-mail logs and failed e-mails are paged by key, newest first then by id (ADR 024, "Long lists").
-- The indexes they had were on created_at DESC NULLS LAST, an order no ORDER BY created_at DESC asks for (that
-- is NULLS FIRST), and without the id: a page of 50 sorted every row after its key (0.8–1.3 s at 1,000,000
-- failed e-mails on PostgreSQL). These, read backwards for newest first, give a page its rows in index order,
-- and replace the old ones, whose every use they serve.
-- send_jobs and failed_emails can be large on a busy installation: build the new indexes and drop the old ones
-- by hand before migrating, without blocking writes, and these statements find it done (docs/deploy.md,
-- "Upgrades"):
--   CREATE INDEX CONCURRENTLY IF NOT EXISTS "failed_emails_created_id_idx" ON "failed_emails" USING btree ("created_at","id");
--   CREATE INDEX CONCURRENTLY IF NOT EXISTS "send_jobs_status_created_id_idx" ON "send_jobs" USING btree ("status","created_at","id");
--   CREATE INDEX CONCURRENTLY IF NOT EXISTS "send_jobs_created_id_idx" ON "send_jobs" USING btree ("created_at","id");
--   DROP INDEX CONCURRENTLY IF EXISTS "failed_emails_created_at_idx";
--   DROP INDEX CONCURRENTLY IF EXISTS "send_jobs_status_created_idx";
--   DROP INDEX CONCURRENTLY IF EXISTS "send_jobs_created_at_idx";
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS "failed_emails_created_id_idx" ON "failed_emails" USING btree ("created_at","id");--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS "send_jobs_status_created_id_idx" ON "send_jobs" USING btree ("status","created_at","id");--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS "send_jobs_created_id_idx" ON "send_jobs" USING btree ("created_at","id");--> statement-breakpoint
-- squawk-ignore require-concurrent-index-deletion
DROP INDEX IF EXISTS "failed_emails_created_at_idx";--> statement-breakpoint
-- squawk-ignore require-concurrent-index-deletion
DROP INDEX IF EXISTS "send_jobs_status_created_idx";--> statement-breakpoint
-- squawk-ignore require-concurrent-index-deletion
DROP INDEX IF EXISTS "send_jobs_created_at_idx";
