-- The seeded top package promised users an Excel upload of their own company list, which the product does not
-- have (only administrators import companies; ADR 005). Databases seeded before this change lose the promise;
-- a feature line or description an administrator has rewritten is left as it is.
UPDATE "packages" SET "features" = array_remove("features", 'رفع قائمة شركات خاصة بك عبر ملف Excel') WHERE 'رفع قائمة شركات خاصة بك عبر ملف Excel' = ANY("features");--> statement-breakpoint
UPDATE "packages" SET "description" = 'أقصى انتشار لسيرتك الذاتية، مع أوسع تغطية للشركات وأعلى أولوية في الدعم.' WHERE "description" = 'أقصى انتشار لسيرتك الذاتية، مع إمكانية رفع قائمة الشركات التي تستهدفها بنفسك عبر ملف Excel.';
