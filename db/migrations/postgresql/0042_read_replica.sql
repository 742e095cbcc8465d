ALTER TABLE "api_tokens" ADD COLUMN "last_write_at" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "last_write_at" text COLLATE "C";