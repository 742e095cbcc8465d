ALTER TABLE "outbox_mails" ADD COLUMN "html" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "language" text COLLATE "C";