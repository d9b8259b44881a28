CREATE TABLE "editing_presence" (
	"holder" text NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"since" text NOT NULL,
	CONSTRAINT "editing_presence_holder_kind_record_id_pk" PRIMARY KEY("holder","kind","record_id")
);
--> statement-breakpoint
ALTER TABLE "editing_presence" ADD CONSTRAINT "editing_presence_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "editing_presence_company_record_id_idx" ON "editing_presence" USING btree ("company_id","kind","record_id");