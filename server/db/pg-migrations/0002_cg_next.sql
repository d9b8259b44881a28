CREATE TABLE "cg_next" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"texts" text DEFAULT '[]' NOT NULL,
	"updated_by" integer,
	"updated_at" text,
	"last_take_version" integer,
	"last_take_user_id" integer,
	"last_take_at" text
);
--> statement-breakpoint
ALTER TABLE "cg_next" ADD CONSTRAINT "cg_next_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;