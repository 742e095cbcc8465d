CREATE TABLE "notification_choices" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"adult_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"channel" text COLLATE "C" NOT NULL,
	"mode" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"message_id" text COLLATE "C",
	"adult_id" text COLLATE "C" NOT NULL,
	"channel" text COLLATE "C" NOT NULL,
	"target" text COLLATE "C" NOT NULL,
	"child_ids" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"priority" integer NOT NULL,
	"attempts" integer NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"lease_owner" text COLLATE "C",
	"lease_until" bigint,
	"provider_id" text COLLATE "C",
	"last_error" text COLLATE "C",
	"digest_id" text COLLATE "C",
	"digest_count" integer,
	"sent_at" text COLLATE "C",
	"delivered_at" text COLLATE "C",
	"reported" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"adult_id" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"endpoint" text COLLATE "C" NOT NULL,
	"p256dh" text COLLATE "C" NOT NULL,
	"auth" text COLLATE "C" NOT NULL,
	"label" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_notification_settings" (
	"school_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"digest_time" text COLLATE "C" NOT NULL,
	"optional_kinds" text COLLATE "C" NOT NULL,
	"text_gateway" text COLLATE "C",
	"text_gateway_secret" text COLLATE "C",
	"text_hook_key" text COLLATE "C" NOT NULL,
	"vapid_public_key" text COLLATE "C",
	"vapid_private_key" text COLLATE "C",
	"last_digest_day" text COLLATE "C",
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_opt_outs" (
	"school_id" text COLLATE "C" NOT NULL,
	"number" text COLLATE "C" NOT NULL,
	"stopped_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "priority" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "digest_id" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text COLLATE "C" DEFAULT 'school' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "emergency" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_choices" ADD CONSTRAINT "notification_choices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_choices" ADD CONSTRAINT "notification_choices_adult_id_people_id_fk" FOREIGN KEY ("adult_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_adult_id_people_id_fk" FOREIGN KEY ("adult_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_adult_id_people_id_fk" FOREIGN KEY ("adult_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_notification_settings" ADD CONSTRAINT "school_notification_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_opt_outs" ADD CONSTRAINT "text_opt_outs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_choices_adult_id_kind_channel_idx" ON "notification_choices" USING btree ("adult_id","kind","channel");--> statement-breakpoint
CREATE INDEX "notification_deliveries_channel_status_priority_idx" ON "notification_deliveries" USING btree ("channel","status","priority","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_message_id_idx" ON "notification_deliveries" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_adult_id_status_idx" ON "notification_deliveries" USING btree ("adult_id","status");--> statement-breakpoint
CREATE INDEX "notification_deliveries_digest_id_idx" ON "notification_deliveries" USING btree ("digest_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_provider_id_idx" ON "notification_deliveries" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_adult_id_idx" ON "push_subscriptions" USING btree ("adult_id");--> statement-breakpoint
CREATE UNIQUE INDEX "text_opt_outs_school_id_number_idx" ON "text_opt_outs" USING btree ("school_id","number");--> statement-breakpoint
CREATE INDEX "message_recipients_digest_id_idx" ON "message_recipients" USING btree ("digest_id");