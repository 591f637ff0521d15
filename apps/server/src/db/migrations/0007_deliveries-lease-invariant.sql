-- Every writer already keeps a lease on a delivery exactly while it is 'sending' (ADR 008, "Leases"); the
-- constraint makes it a guarantee, so the lease alone fences a worker's writes and the recording statement can
-- look rows up by id instead of through the partial index of rows in flight (see queue.ts).
-- Rows that would break it could only come from a hand edit: a stray lease is dropped, and a 'sending' row
-- without one gets an expired lease so the sweeper settles it as it settles any interrupted send.
UPDATE "deliveries" SET "lease_expires_at" = NULL WHERE "status" <> 'sending' AND "lease_expires_at" IS NOT NULL;--> statement-breakpoint
UPDATE "deliveries" SET "lease_expires_at" = now() WHERE "status" = 'sending' AND "lease_expires_at" IS NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_lease_only_while_sending" CHECK (("deliveries"."status" = 'sending') = ("deliveries"."lease_expires_at" is not null));
