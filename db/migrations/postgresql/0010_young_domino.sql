DROP INDEX "sign_in_codes_email_created_at_idx";--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "client" text COLLATE "C" DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_codes_email_client_created_at_idx" ON "sign_in_codes" USING btree ("email","client","created_at");