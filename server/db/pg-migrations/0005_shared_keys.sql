CREATE TABLE "idempotency_keys" (
	"scope" text PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"body" text NOT NULL,
	"rights" text NOT NULL,
	"holder" text NOT NULL,
	"expires_at" text NOT NULL,
	"status" integer,
	"answer" text
);
--> statement-breakpoint
CREATE TABLE "store_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys" USING btree ("expires_at");