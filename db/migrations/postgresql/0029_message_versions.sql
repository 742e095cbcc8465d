CREATE TABLE "message_versions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"message_id" text COLLATE "C" NOT NULL,
	"language" text COLLATE "C" NOT NULL,
	"subject" text COLLATE "C" NOT NULL,
	"body" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_versions" ADD CONSTRAINT "message_versions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_versions" ADD CONSTRAINT "message_versions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_versions_message_id_language_idx" ON "message_versions" USING btree ("message_id","language");