-- Résumés were files under DATA_DIR/resumes, so a server and a worker on different hosts did not share them
-- (the worker failed every delivery of a job whose file was on the other host). Their bytes are now rows
-- beside `resumes`, keyed by the same path and deleted with it; files left by earlier versions are moved in
-- once at start-up (modules/sending/resume-import.ts).
CREATE TABLE "resume_files" (
	"path" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resume_files" ADD CONSTRAINT "resume_files_path_resumes_path_fk" FOREIGN KEY ("path") REFERENCES "public"."resumes"("path") ON DELETE cascade ON UPDATE no action;