CREATE TABLE "activity" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"at" text COLLATE "C" NOT NULL,
	"actor" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"subject_type" text COLLATE "C" NOT NULL,
	"subject_id" text COLLATE "C",
	"summary" text COLLATE "C" NOT NULL,
	"changes" text COLLATE "C"
);
--> statement-breakpoint
ALTER TABLE "change_events" ADD COLUMN "actor" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_school_id_at_idx" ON "activity" USING btree ("school_id","at");--> statement-breakpoint
CREATE INDEX "activity_school_id_kind_at_idx" ON "activity" USING btree ("school_id","kind","at");--> statement-breakpoint
CREATE INDEX "activity_school_id_actor_at_idx" ON "activity" USING btree ("school_id","actor","at");