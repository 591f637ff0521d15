-- A claim took the next due rows of one mailbox through an index on next_attempt_at over every user's pending
-- rows, filtering out other users' rows and sorting: its cost grew with the whole queue (22 ms per claim with
-- 16 users × 1,000 rows on PGlite). This index holds a mailbox's pending rows in the order they are sent, so a
-- claim reads only the rows it takes (ADR 008, "claim order").
DROP INDEX "deliveries_due_idx";--> statement-breakpoint
CREATE INDEX "deliveries_pending_order_idx" ON "deliveries" USING btree ("profile_id","next_attempt_at","created_at","company_name","id") WHERE "deliveries"."status" = 'pending';
