ALTER TABLE "detail_requests" DROP CONSTRAINT "detail_requests_account_id_staff_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "family_access" DROP CONSTRAINT "family_access_account_id_staff_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "passkeys" DROP CONSTRAINT "passkeys_account_id_staff_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "sign_in_links" DROP CONSTRAINT "sign_in_links_account_id_staff_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "staff_sessions" DROP CONSTRAINT "staff_sessions_account_id_staff_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "detail_requests" ADD CONSTRAINT "detail_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_access" ADD CONSTRAINT "family_access_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_access_live_account_id_idx" ON "family_access" USING btree ("account_id") WHERE ended_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "family_access_live_school_id_person_id_idx" ON "family_access" USING btree ("school_id","person_id") WHERE ended_at is null;