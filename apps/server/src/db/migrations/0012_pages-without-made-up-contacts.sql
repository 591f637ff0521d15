-- The support and privacy pages were seeded with a made-up e-mail (support@sira.example, a reserved domain that
-- receives nothing) and phone number, which a production site showed until an administrator rewrote the page.
-- The contact details live in the footer, where the administrator enters the real ones (footer tab); the pages
-- now point there. Pages seeded before this change get the new sentences; text an administrator rewrote stays.
UPDATE "pages" SET "content" = replace("content", E'<h2>قنوات التواصل</h2>\n<ul>\n<li><strong>البريد الإلكتروني:</strong> <a href="mailto:support@sira.example">support@sira.example</a></li>\n<li><strong>الهاتف:</strong> <a href="tel:+966110000000"><bdi>+966 11 000 0000</bdi></a></li>\n</ul>', E'<h2>قنوات التواصل</h2>\n<p>تجد بريدنا الإلكتروني ورقم هاتفنا في أسفل كل صفحة من صفحات الموقع.</p>') WHERE "slug" = 'support';
--> statement-breakpoint
UPDATE "pages" SET "content" = replace("content", E'راسلنا على <a href="mailto:support@sira.example">support@sira.example</a> أو تواصل معنا عبر <a href="/support">صفحة الدعم</a>.', E'تواصل معنا عبر البريد الإلكتروني أو الهاتف المذكورين في أسفل الصفحة، أو عبر <a href="/support">صفحة الدعم</a>.') WHERE "slug" = 'privacy';
