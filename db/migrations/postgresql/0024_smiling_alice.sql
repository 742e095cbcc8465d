ALTER TABLE "schools" ADD COLUMN "last_event_position" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "change_events" ADD COLUMN "position" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "detail_requests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "child_ids" text COLLATE "C" DEFAULT '[]' NOT NULL;