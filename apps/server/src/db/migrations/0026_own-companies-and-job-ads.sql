-- A job seeker's own companies and the job ads they apply to (ADR 029): two new tables, the excel_files row
-- of a user's own upload told apart from an admin's import, and each delivery's source. Constraints on the
-- existing tables are added NOT VALID and validated after the migration (db/validate-constraints.ts).
CREATE TABLE "job_ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"post_text" text NOT NULL,
	"job_title" text,
	"company_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"excel_file_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"sector" text DEFAULT 'غير محدد' NOT NULL,
	"location" text DEFAULT 'غير محدد' NOT NULL,
	"contact_name" text,
	"hard_failures" integer DEFAULT 0 NOT NULL,
	"suggestion" text,
	"suggested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_companies_suggestion_known" CHECK ("user_companies"."suggestion" is null or "user_companies"."suggestion" in ('pending','accepted','declined'))
);
--> statement-breakpoint
ALTER TABLE "excel_files" ADD COLUMN "scope" text DEFAULT 'directory' NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "source" text DEFAULT 'directory' NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "user_company_id" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "job_ad_id" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "send_jobs" ADD COLUMN "target_source" text DEFAULT 'directory' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_ads" ADD CONSTRAINT "job_ads_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_companies" ADD CONSTRAINT "user_companies_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_companies" ADD CONSTRAINT "user_companies_excel_file_id_excel_files_id_fk" FOREIGN KEY ("excel_file_id") REFERENCES "public"."excel_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_ads_profile_created_idx" ON "job_ads" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_companies_profile_email_unique" ON "user_companies" USING btree ("profile_id",lower("email"));--> statement-breakpoint
CREATE INDEX "user_companies_profile_name_idx" ON "user_companies" USING btree ("profile_id","name","id");--> statement-breakpoint
CREATE INDEX "user_companies_suggestion_idx" ON "user_companies" USING btree ("suggested_at","id") WHERE "user_companies"."suggestion" = 'pending';--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_user_company_id_user_companies_id_fk" FOREIGN KEY ("user_company_id") REFERENCES "public"."user_companies"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_job_ad_id_job_ads_id_fk" FOREIGN KEY ("job_ad_id") REFERENCES "public"."job_ads"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
-- excel_files holds one row per upload: a few thousand at most.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX "excel_files_profile_scope_idx" ON "excel_files" USING btree ("profile_id","scope","created_at");--> statement-breakpoint
ALTER TABLE "excel_files" ADD CONSTRAINT "excel_files_scope_known" CHECK ("excel_files"."scope" in ('directory','own_list')) NOT VALID;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_source_known" CHECK ("deliveries"."source" in ('directory','own_list','job_ad')) NOT VALID;--> statement-breakpoint
ALTER TABLE "send_jobs" ADD CONSTRAINT "send_jobs_target_source_known" CHECK ("send_jobs"."target_source" in ('directory','own_list','both','job_ad')) NOT VALID;--> statement-breakpoint
-- A user's companies keep updated_at true for every writer, as every other table does (migration 0001).
CREATE TRIGGER user_companies_set_updated_at BEFORE UPDATE ON user_companies FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
-- The privacy page names the user's own list of companies and the job ads' text: what is kept, why, and when it
-- is erased. Only a page still carrying the seeded sentences gets them; a rewritten page is left alone.
UPDATE "pages" SET "content" = replace("content", '<li><strong>رسائلك وسجلات الإرسال</strong> (العنوان والنص والشركات وحالة كل رسالة): لتنفيذ الإرسال وعرض نتائجه ومنع إرسال سيرتك إلى الشركة نفسها مرتين. نحتفظ بها ما دام حسابك قائمًا.</li>', E'<li><strong>رسائلك وسجلات الإرسال</strong> (العنوان والنص والشركات وحالة كل رسالة): لتنفيذ الإرسال وعرض نتائجه ومنع إرسال سيرتك إلى الشركة نفسها مرتين. نحتفظ بها ما دام حسابك قائمًا.</li>\n<li><strong>قائمة شركاتك الخاصة وإعلانات الوظائف</strong> (الشركات وعناوينها كما ترفعها أو تضيفها، ونص كل إعلان تتقدم إليه): لإرسال سيرتك إليها بطلبك. لا يراها غيرك؛ يرى المشرف عددها فقط، وعناوين الشركات التي تقترحها أنت للدليل. نحذف القائمة وسجلات رفعها ونصوص الإعلانات تلقائيًا مع سيرتك الذاتية ونصوص رسائلك بعد انتهاء مدة الاحتفاظ، وفورًا عند حذف حسابك.</li>'), "updated_at" = now() WHERE "slug" = 'privacy' AND position('<li><strong>رسائلك وسجلات الإرسال</strong> (العنوان والنص والشركات وحالة كل رسالة): لتنفيذ الإرسال وعرض نتائجه ومنع إرسال سيرتك إلى الشركة نفسها مرتين. نحتفظ بها ما دام حسابك قائمًا.</li>' in "content") > 0 AND position('<li><strong>قائمة شركاتك الخاصة وإعلانات الوظائف</strong>' in "content") = 0;--> statement-breakpoint
UPDATE "pages" SET "content" = replace("content", '<li><strong>محتوى الرسائل:</strong> عنوان رسالة التقديم ونصها كما تكتبهما أو تعدّلهما.</li>', E'<li><strong>محتوى الرسائل:</strong> عنوان رسالة التقديم ونصها كما تكتبهما أو تعدّلهما.</li>\n<li><strong>قائمة شركاتك ونصوص الإعلانات:</strong> أسماء الشركات وعناوينها وقطاعاتها ومدنها واسم المسؤول إن ذكرته، كما ترفعها في ملف Excel أو تضيفها، ونص إعلان الوظيفة الذي تلصقه للتقدم إليه.</li>'), "updated_at" = now() WHERE "slug" = 'privacy' AND position('<li><strong>محتوى الرسائل:</strong> عنوان رسالة التقديم ونصها كما تكتبهما أو تعدّلهما.</li>' in "content") > 0 AND position('<li><strong>قائمة شركاتك ونصوص الإعلانات:</strong>' in "content") = 0;--> statement-breakpoint
UPDATE "pages" SET "content" = replace("content", '<li>نحتفظ بآخر ثلاث نسخ ترفعها من سيرتك الذاتية لإرفاقها برسائلك، ونحذف ما قبلها تلقائيًا متى لم تعد مرفقة بإرسال جارٍ، ويمكنك طلب حذف ملفاتك في أي وقت بمراسلتنا.</li>', E'<li>نحتفظ بآخر ثلاث نسخ ترفعها من سيرتك الذاتية لإرفاقها برسائلك، ونحذف ما قبلها تلقائيًا متى لم تعد مرفقة بإرسال جارٍ، ويمكنك طلب حذف ملفاتك في أي وقت بمراسلتنا.</li>\n<li>تُحذف قائمة شركاتك الخاصة وسجلات رفعها ونصوص إعلانات الوظائف التي تقدمت إليها تلقائيًا بعد مدة الاحتفاظ التي تظهر في لوحة التحكم من انتهاء آخر عملية إرسال (أو آخر إضافة إلى القائمة)، ويبقى المسمى الوظيفي واسم الشركة وتاريخ التقديم.</li>'), "updated_at" = now() WHERE "slug" = 'privacy' AND position('<li>نحتفظ بآخر ثلاث نسخ ترفعها من سيرتك الذاتية لإرفاقها برسائلك، ونحذف ما قبلها تلقائيًا متى لم تعد مرفقة بإرسال جارٍ، ويمكنك طلب حذف ملفاتك في أي وقت بمراسلتنا.</li>' in "content") > 0 AND position('<li>تُحذف قائمة شركاتك الخاصة وسجلات رفعها' in "content") = 0;
