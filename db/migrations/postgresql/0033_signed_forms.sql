CREATE TABLE "consent_ask_reminders" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"ask_id" text COLLATE "C" NOT NULL,
	"due" text COLLATE "C" NOT NULL,
	"due_on" text COLLATE "C" NOT NULL,
	"message_id" text COLLATE "C",
	"adults" integer NOT NULL,
	"sent_by" text COLLATE "C",
	"sent_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_asks" ADD COLUMN "text" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "consent_asks" ADD COLUMN "signature" text COLLATE "C" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_asks" ADD COLUMN "questions" text COLLATE "C" DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_asks" ADD COLUMN "reminder_schedule" text COLLATE "C" DEFAULT '{"afterSending":[],"beforeClosing":[]}' NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_asks" ADD COLUMN "next_reminder_on" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "consent_asks" ADD COLUMN "signed_at" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "signed_name" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "signed_account_id" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "signed_address" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "signed_browser" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "shown_hash" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "shown_language" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "form_answers" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "medical_answers" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "consent_ask_reminders" ADD CONSTRAINT "consent_ask_reminders_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_ask_reminders" ADD CONSTRAINT "consent_ask_reminders_ask_id_consent_asks_id_fk" FOREIGN KEY ("ask_id") REFERENCES "public"."consent_asks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_ask_reminders_ask_id_due_idx" ON "consent_ask_reminders" USING btree ("ask_id","due");--> statement-breakpoint
CREATE INDEX "consent_asks_next_reminder_on_idx" ON "consent_asks" USING btree ("next_reminder_on");