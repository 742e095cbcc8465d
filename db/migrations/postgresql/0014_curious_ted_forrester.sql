DROP INDEX "affiliations_person_id_idx";--> statement-breakpoint
ALTER TABLE "court_orders" ADD COLUMN "purposes" text COLLATE "C" DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "protection_flags" ADD COLUMN "safe_adult_ids" text COLLATE "C" DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "affiliations_person_id_valid_from_id_idx" ON "affiliations" USING btree ("person_id","valid_from","id");--> statement-breakpoint
CREATE INDEX "applications_affiliation_id_idx" ON "applications" USING btree ("affiliation_id");