-- What an invoice buys is fixed when it is made (ADR 007): the package's message count is copied onto it, so an
-- administrator editing the package while a buyer pays changes nothing for that buyer. Older invoices keep null
-- and are credited with their package's count at the time, as before.
ALTER TABLE "invoices" ADD COLUMN "messages" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_messages_nonnegative" CHECK ("invoices"."messages" >= 0);