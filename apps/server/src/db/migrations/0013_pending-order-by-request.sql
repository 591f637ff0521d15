-- The worker took a mailbox's pending rows by when each was due, so a message due again after its retry_delay
-- waited behind every message of a request made after its own (their due time is when they were asked for):
-- with a 400-a-day cap the earlier request stayed "in progress" for a day for its last few retries. Rows now
-- go by request (created_at), then by due time (ADR 008, "claim order").
DROP INDEX "deliveries_pending_order_idx";--> statement-breakpoint
CREATE INDEX "deliveries_pending_job_order_idx" ON "deliveries" USING btree ("profile_id","created_at","next_attempt_at","company_name","id") WHERE "deliveries"."status" = 'pending';