-- A send may be narrowed to sectors and cities (null: all); a failed delivery keeps why it failed, so only the
-- ones worth trying again are offered for resending; a company counts the times its address was refused.
ALTER TABLE "companies" ADD COLUMN "hard_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "failure_cause" text;--> statement-breakpoint
ALTER TABLE "send_jobs" ADD COLUMN "target_sectors" text[];--> statement-breakpoint
ALTER TABLE "send_jobs" ADD COLUMN "target_cities" text[];--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_failure_cause_known" CHECK ("deliveries"."failure_cause" is null or "deliveries"."failure_cause" in ('address','refused','resume','unconfirmed','retries'));--> statement-breakpoint
-- Rows failed before the cause was kept: read from the reason recorded with them (messages/sending.ts).
UPDATE "deliveries" SET "failure_cause" = CASE
  WHEN "last_error" LIKE 'فشل الإرسال بعد عدة محاولات%' THEN 'retries'
  WHEN "last_error" LIKE 'رفض مزوّد البريد%' AND "last_error" LIKE '%invalid recipient address%' THEN 'address'
  WHEN "last_error" LIKE 'رفض مزوّد البريد%' THEN 'refused'
  WHEN "last_error" LIKE 'ملف السيرة الذاتية لم يعد متاحاً%' THEN 'resume'
  WHEN "last_error" LIKE 'انقطع الإرسال%' THEN 'unconfirmed'
  ELSE 'refused' END
WHERE "status" = 'failed';--> statement-breakpoint
UPDATE "companies" c SET "hard_failures" = x.n
FROM (SELECT lower("recipient_email") AS email, count(*)::int AS n FROM "deliveries" WHERE "failure_cause" = 'address' GROUP BY 1) x
WHERE lower(c."email") = x.email;
