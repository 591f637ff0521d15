-- The delivery row is written three times per message on the sending hot path (ADR 008, "write path").
-- (job_id, created_at) served no query any more.
DROP INDEX "deliveries_job_created_idx";
--> statement-breakpoint
-- A PL/pgSQL call per updated row cost the worker more than the rest of the row update: every statement
-- that updates deliveries sets updated_at itself instead (queue.ts, mailbox-credentials.ts via $onUpdate).
DROP TRIGGER IF EXISTS deliveries_set_updated_at ON deliveries;
