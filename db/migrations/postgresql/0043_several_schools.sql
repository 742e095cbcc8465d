DROP INDEX "staff_access_live_account_id_idx";--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "school_at" text COLLATE "C";--> statement-breakpoint
CREATE UNIQUE INDEX "staff_access_live_account_id_school_id_idx" ON "staff_access" USING btree ("account_id","school_id") WHERE ended_at is null;