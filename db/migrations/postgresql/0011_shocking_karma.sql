CREATE TABLE "restricted_views" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"viewed_by" text COLLATE "C" NOT NULL,
	"viewed_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restricted_views" ADD CONSTRAINT "restricted_views_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restricted_views_school_id_viewed_at_idx" ON "restricted_views" USING btree ("school_id","viewed_at");