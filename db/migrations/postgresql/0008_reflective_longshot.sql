CREATE TABLE "export_column_classes" (
	"school_id" text COLLATE "C" NOT NULL,
	"column" text COLLATE "C" NOT NULL,
	"column_class" text COLLATE "C" NOT NULL,
	"set_at" text COLLATE "C" NOT NULL,
	CONSTRAINT "export_column_classes_school_id_column_pk" PRIMARY KEY("school_id","column")
);
--> statement-breakpoint
CREATE TABLE "export_files" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"table_key" text COLLATE "C" NOT NULL,
	"file_name" text COLLATE "C" NOT NULL,
	"storage_key" text COLLATE "C" NOT NULL,
	"night" text COLLATE "C" NOT NULL,
	"rows" integer NOT NULL,
	"columns" text COLLATE "C" NOT NULL,
	"checksum" text COLLATE "C" NOT NULL,
	"bytes" bigint NOT NULL,
	"produced_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_nights" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"night" text COLLATE "C" NOT NULL,
	"state" text COLLATE "C" NOT NULL,
	"lease_owner" text COLLATE "C",
	"lease_until" bigint,
	"created_at" text COLLATE "C" NOT NULL,
	"done_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "export_settings" (
	"school_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"retention_days" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "export_column_classes" ADD CONSTRAINT "export_column_classes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_nights" ADD CONSTRAINT "export_nights_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_settings" ADD CONSTRAINT "export_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_files_school_id_table_key_produced_at_idx" ON "export_files" USING btree ("school_id","table_key","produced_at");--> statement-breakpoint
CREATE INDEX "export_nights_state_created_at_idx" ON "export_nights" USING btree ("state","created_at");