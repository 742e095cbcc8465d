CREATE TABLE "data_receipts" (
	"school_id" text COLLATE "C" NOT NULL,
	"token_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"day" text COLLATE "C" NOT NULL,
	"scopes" text COLLATE "C" NOT NULL,
	"reads" integer NOT NULL,
	"last_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_receipts" ADD CONSTRAINT "data_receipts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_receipts" ADD CONSTRAINT "data_receipts_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_receipts_token_id_person_id_day_scopes_idx" ON "data_receipts" USING btree ("token_id","person_id","day","scopes");--> statement-breakpoint
CREATE INDEX "data_receipts_school_id_person_id_day_idx" ON "data_receipts" USING btree ("school_id","person_id","day");--> statement-breakpoint
CREATE INDEX "data_receipts_day_idx" ON "data_receipts" USING btree ("day");