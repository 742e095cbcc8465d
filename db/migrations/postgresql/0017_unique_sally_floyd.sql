CREATE TABLE "consent_ask_children" (
	"ask_id" text COLLATE "C" NOT NULL,
	"child_id" text COLLATE "C" NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	CONSTRAINT "consent_ask_children_ask_id_child_id_pk" PRIMARY KEY("ask_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "consent_asks" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"purpose_id" text COLLATE "C" NOT NULL,
	"subject" text COLLATE "C",
	"audience" text COLLATE "C" NOT NULL,
	"closes_on" text COLLATE "C" NOT NULL,
	"occasion_on" text COLLATE "C",
	"answered_by" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_purposes" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"about_named_thing" text COLLATE "C" NOT NULL,
	"lasting" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"ask_id" text COLLATE "C" NOT NULL,
	"purpose_id" text COLLATE "C" NOT NULL,
	"child_id" text COLLATE "C" NOT NULL,
	"adult_id" text COLLATE "C" NOT NULL,
	"answer" text COLLATE "C" NOT NULL,
	"effective_from" text COLLATE "C" NOT NULL,
	"entered_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_members" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"activity" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"message_id" text COLLATE "C" NOT NULL,
	"adult_id" text COLLATE "C" NOT NULL,
	"email" text COLLATE "C",
	"status" text COLLATE "C" NOT NULL,
	"attempts" integer NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"lease_owner" text COLLATE "C",
	"lease_until" bigint,
	"last_error" text COLLATE "C",
	"sent_at" text COLLATE "C",
	"read_at" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"subject" text COLLATE "C" NOT NULL,
	"body" text COLLATE "C" NOT NULL,
	"audience" text COLLATE "C" NOT NULL,
	"ask_id" text COLLATE "C",
	"sent_by" text COLLATE "C" NOT NULL,
	"adult_count" integer NOT NULL,
	"child_count" integer NOT NULL,
	"left_out_count" integer NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_ask_children" ADD CONSTRAINT "consent_ask_children_ask_id_consent_asks_id_fk" FOREIGN KEY ("ask_id") REFERENCES "public"."consent_asks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_ask_children" ADD CONSTRAINT "consent_ask_children_child_id_people_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_ask_children" ADD CONSTRAINT "consent_ask_children_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_asks" ADD CONSTRAINT "consent_asks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_asks" ADD CONSTRAINT "consent_asks_purpose_id_consent_purposes_id_fk" FOREIGN KEY ("purpose_id") REFERENCES "public"."consent_purposes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_purposes" ADD CONSTRAINT "consent_purposes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_ask_id_consent_asks_id_fk" FOREIGN KEY ("ask_id") REFERENCES "public"."consent_asks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_purpose_id_consent_purposes_id_fk" FOREIGN KEY ("purpose_id") REFERENCES "public"."consent_purposes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_child_id_people_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_adult_id_people_id_fk" FOREIGN KEY ("adult_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_members" ADD CONSTRAINT "activity_members_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_members" ADD CONSTRAINT "activity_members_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_adult_id_people_id_fk" FOREIGN KEY ("adult_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_ask_children_child_id_idx" ON "consent_ask_children" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "consent_asks_school_id_created_at_idx" ON "consent_asks" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_purposes_school_id_name_idx" ON "consent_purposes" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "consents_school_id_ask_id_child_id_idx" ON "consents" USING btree ("school_id","ask_id","child_id");--> statement-breakpoint
CREATE INDEX "consents_school_id_purpose_id_child_id_idx" ON "consents" USING btree ("school_id","purpose_id","child_id");--> statement-breakpoint
CREATE INDEX "consents_adult_id_idx" ON "consents" USING btree ("adult_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_members_school_id_activity_person_id_idx" ON "activity_members" USING btree ("school_id","activity","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_recipients_message_id_adult_id_idx" ON "message_recipients" USING btree ("message_id","adult_id");--> statement-breakpoint
CREATE INDEX "message_recipients_status_next_attempt_at_idx" ON "message_recipients" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "message_recipients_school_id_adult_id_idx" ON "message_recipients" USING btree ("school_id","adult_id");--> statement-breakpoint
CREATE INDEX "messages_school_id_created_at_idx" ON "messages" USING btree ("school_id","created_at");