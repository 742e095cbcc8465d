CREATE TABLE "campuses" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"sis_code" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"time_zone" text COLLATE "C" NOT NULL,
	"lists" text COLLATE "C" NOT NULL,
	"modules" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text COLLATE "C" PRIMARY KEY NOT NULL,
	"value" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliations" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"valid_from" text COLLATE "C" NOT NULL,
	"valid_to" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"family_name" text COLLATE "C" NOT NULL,
	"given_names" text COLLATE "C" NOT NULL,
	"name_key" text COLLATE "C" NOT NULL,
	"date_of_birth" text COLLATE "C",
	"email" text COLLATE "C",
	"phone" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL,
	"deleted_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"purpose" text COLLATE "C" NOT NULL,
	"scopes" text COLLATE "C" NOT NULL,
	"secret_hash" text COLLATE "C" NOT NULL,
	"issued_via" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"expires_at" text COLLATE "C" NOT NULL,
	"revoked_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "change_events" (
	"sequence" bigserial PRIMARY KEY NOT NULL,
	"id" text COLLATE "C" NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"table_name" text COLLATE "C" NOT NULL,
	"record_id" text COLLATE "C" NOT NULL,
	"at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"token_id" text COLLATE "C" NOT NULL,
	"key" text COLLATE "C" NOT NULL,
	"fingerprint" text COLLATE "C" NOT NULL,
	"state" text COLLATE "C" NOT NULL,
	"status" integer,
	"body" text COLLATE "C",
	"created_at" bigint NOT NULL,
	CONSTRAINT "idempotency_keys_token_id_key_pk" PRIMARY KEY("token_id","key")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text COLLATE "C" PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"student_id" text COLLATE "C" NOT NULL,
	"enquirer_id" text COLLATE "C" NOT NULL,
	"relationship" text COLLATE "C",
	"channel" text COLLATE "C" NOT NULL,
	"intended_entry_year" integer,
	"received_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campuses" ADD CONSTRAINT "campuses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliations" ADD CONSTRAINT "affiliations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliations" ADD CONSTRAINT "affiliations_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_events" ADD CONSTRAINT "change_events_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_student_id_people_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_enquirer_id_people_id_fk" FOREIGN KEY ("enquirer_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campuses_school_id_idx" ON "campuses" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "affiliations_school_id_valid_from_id_idx" ON "affiliations" USING btree ("school_id","valid_from","id");--> statement-breakpoint
CREATE INDEX "affiliations_person_id_idx" ON "affiliations" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "people_school_id_name_key_id_idx" ON "people" USING btree ("school_id","name_key","id");--> statement-breakpoint
CREATE INDEX "people_school_id_email_idx" ON "people" USING btree ("school_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_secret_hash_idx" ON "api_tokens" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_school_id_idx" ON "api_tokens" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "change_events_school_id_sequence_idx" ON "change_events" USING btree ("school_id","sequence");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_at_idx" ON "rate_limit_counters" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "enquiries_school_id_received_at_idx" ON "enquiries" USING btree ("school_id","received_at");