-- Whom a user has contacted (sending/contacted.ts) is read from one index-only scan of their deliveries that are
-- not failed: the counts on /send-resume, the plan and scheduling.
-- deliveries is large on a busy installation: build the index by hand before migrating, without blocking writes,
-- and this statement finds it made (docs/deploy.md, "Upgrades"):
--   CREATE INDEX CONCURRENTLY IF NOT EXISTS "deliveries_profile_contacted_idx" ON "deliveries" USING btree ("profile_id",lower("recipient_email"),"company_id","recipient_email") WHERE "deliveries"."status" <> 'failed';
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS "deliveries_profile_contacted_idx" ON "deliveries" USING btree ("profile_id",lower("recipient_email"),"company_id","recipient_email") WHERE "deliveries"."status" <> 'failed';
