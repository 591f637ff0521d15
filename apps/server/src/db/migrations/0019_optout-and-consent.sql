CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"policy_version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_opt_outs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"company_name" text NOT NULL,
	"delivery_id" uuid,
	"source" text NOT NULL,
	"redirect_email" text,
	"redirect_status" text,
	"redirect_decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_opt_outs_email_lower" CHECK ("company_opt_outs"."email" = lower("company_opt_outs"."email")),
	CONSTRAINT "company_opt_outs_source_known" CHECK ("company_opt_outs"."source" in ('page','one_click')),
	CONSTRAINT "company_opt_outs_redirect_known" CHECK (("company_opt_outs"."redirect_email" is null and "company_opt_outs"."redirect_status" is null) or ("company_opt_outs"."redirect_email" is not null and "company_opt_outs"."redirect_status" in ('pending','approved','rejected')))
);
--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_status_known";--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_opt_outs" ADD CONSTRAINT "company_opt_outs_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_profile_idx" ON "consents" USING btree ("profile_id","accepted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "company_opt_outs_email_unique" ON "company_opt_outs" USING btree ("email");--> statement-breakpoint
CREATE INDEX "company_opt_outs_created_at_idx" ON "company_opt_outs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_status_known" CHECK ("deliveries"."status" in ('pending','held','sending','sent','failed','opted_out'));--> statement-breakpoint
CREATE INDEX "deliveries_waiting_recipient_idx" ON "deliveries" USING btree (lower("recipient_email")) WHERE "deliveries"."status" in ('pending', 'held');--> statement-breakpoint
-- Consent and notice (PDPL): what a user agreed to is recorded at registration (consents), and the privacy page
-- says in short what is kept, why, for how long and who receives it (Google, Paylink, the companies), and that a
-- company may stop CVs to its address. Pages seeded before this change get the new text; a privacy page an
-- administrator has rewritten is left as it is.
UPDATE "pages" SET "content" = replace("content", E'<p>تحترم منصة <strong>سيرة</strong> خصوصيتك وتلتزم بحماية بياناتك الشخصية وفقًا لنظام حماية البيانات الشخصية في المملكة العربية السعودية ولوائحه التنفيذية. توضح هذه السياسة البيانات التي نجمعها، وكيف نستخدمها ونحميها، والمدة التي نحتفظ بها خلالها، والحقوق المكفولة لك. وباستخدامك المنصة فإنك تقر بأنك اطلعت على هذه السياسة.</p>', E'<p>تحترم منصة <strong>سيرة</strong> خصوصيتك وتلتزم بحماية بياناتك الشخصية وفقًا لنظام حماية البيانات الشخصية في المملكة العربية السعودية ولوائحه التنفيذية. توضح هذه السياسة البيانات التي نجمعها، وكيف نستخدمها ونحميها، والمدة التي نحتفظ بها خلالها، والحقوق المكفولة لك. وباستخدامك المنصة فإنك تقر بأنك اطلعت على هذه السياسة.</p>\n\n<h2>باختصار: ما نحتفظ به، ولماذا، وإلى متى، ومن يتلقاه</h2>\n<ul>\n<li><strong>حسابك</strong> (البريد الإلكتروني ورقم الجوال والاسم، وكلمة المرور مشفرة): لتسجيل دخولك وتعريف الشركات بك. نحتفظ به ما دام حسابك قائمًا.</li>\n<li><strong>موافقتك على الشروط وهذه السياسة</strong> (إصدارهما ووقت موافقتك): لإثبات موافقتك كما يتطلب النظام، ما دام حسابك قائمًا.</li>\n<li><strong>سيرتك الذاتية</strong>: لإرفاقها برسائلك. نحتفظ بآخر ثلاث نسخ ترفعها وبما يرفقه إرسال جارٍ، ونحذف ما قبلها تلقائيًا.</li>\n<li><strong>رسائلك وسجلات الإرسال</strong> (العنوان والنص والشركات وحالة كل رسالة): لتنفيذ الإرسال وعرض نتائجه ومنع إرسال سيرتك إلى الشركة نفسها مرتين. نحتفظ بها ما دام حسابك قائمًا.</li>\n<li><strong>ربط Gmail</strong> (عنوان بريدك ورموز الوصول مشفرة): للإرسال من بريدك فقط، حتى تلغي الربط أو تحذف حسابك.</li>\n<li><strong>الفواتير</strong>: لإثبات الدفع وإضافة الرصيد. نحتفظ بها المدة التي تفرضها الأنظمة المحاسبية والضريبية.</li>\n<li><strong>بيانات تقنية</strong> (عنوان IP ونوع المتصفح): لحماية الخدمة من إساءة الاستخدام، مدة الجلسة وسجلات الحماية فقط.</li>\n</ul>\n<p>ومن يتلقى بياناتك: <strong>Google</strong>، إذ تُرسل رسائلك وسيرتك من بريدك في Gmail؛ و<strong>Paylink</strong>، بوابة الدفع، وتتلقى بريدك ورقم جوالك والباقة والمبلغ لإصدار الفاتورة وتعالج بيانات بطاقتك مباشرة؛ و<strong>الشركات التي تتقدم إليها</strong>، وتتلقى رسالتك وسيرتك الذاتية. ويحق لأي شركة تتلقى رسالة أن تطلب عبر الرابط في أسفلها إيقاف الإرسال إلى عنوانها، فلا نرسل إليه بعدها ويُعاد إليك رصيد ما لم يُرسل.</p>'), "updated_at" = now() WHERE "slug" = 'privacy' AND position(E'<p>تحترم منصة <strong>سيرة</strong> خصوصيتك وتلتزم بحماية بياناتك الشخصية وفقًا لنظام حماية البيانات الشخصية في المملكة العربية السعودية ولوائحه التنفيذية. توضح هذه السياسة البيانات التي نجمعها، وكيف نستخدمها ونحميها، والمدة التي نحتفظ بها خلالها، والحقوق المكفولة لك. وباستخدامك المنصة فإنك تقر بأنك اطلعت على هذه السياسة.</p>' in "content") > 0 AND position(E'باختصار: ما نحتفظ به' in "content") = 0;
--> statement-breakpoint
UPDATE "pages" SET "content" = replace("content", E'<li><strong>مقدمو الخدمات:</strong> مثل بوابة الدفع ومزودي الاستضافة والبنية التحتية، وفق اتفاقيات تلزمهم بالسرية وحماية البيانات.</li>', E'<li><strong>مقدمو الخدمات:</strong> Google (Gmail، الذي تُرسل رسائلك عبره من بريدك) وPaylink (بوابة الدفع) ومزودو الاستضافة والبنية التحتية، وفق اتفاقيات تلزمهم بالسرية وحماية البيانات.</li>'), "updated_at" = now() WHERE "slug" = 'privacy' AND position(E'<li><strong>مقدمو الخدمات:</strong> مثل بوابة الدفع ومزودي الاستضافة والبنية التحتية، وفق اتفاقيات تلزمهم بالسرية وحماية البيانات.</li>' in "content") > 0;
--> statement-breakpoint
-- The opt-out marks keep updated_at true for every writer, as every other table does (migration 0001).
CREATE TRIGGER company_opt_outs_set_updated_at BEFORE UPDATE ON company_opt_outs FOR EACH ROW EXECUTE FUNCTION set_updated_at();
