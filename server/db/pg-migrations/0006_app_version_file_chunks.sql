CREATE TABLE "app_version_file_chunks" (
	"file_id" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "app_version_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "app_version_file_chunks" ADD CONSTRAINT "app_version_file_chunks_file_id_app_version_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."app_version_files"("id") ON DELETE cascade ON UPDATE no action;