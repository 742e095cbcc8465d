CREATE TABLE "webhook_deliveries" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"subscription_id" text COLLATE "C" NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"sequence" bigint NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"table_name" text COLLATE "C" NOT NULL,
	"record_id" text COLLATE "C" NOT NULL,
	"body" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"last_attempt_at" text COLLATE "C",
	"last_status" integer,
	"last_answer" text COLLATE "C",
	"last_duration_ms" integer,
	"delivered_at" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"url" text COLLATE "C" NOT NULL,
	"kinds" text COLLATE "C" NOT NULL,
	"token_id" text COLLATE "C" NOT NULL,
	"signing_key" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"deleted_at" text COLLATE "C",
	"last_sequence" bigint NOT NULL,
	"held_until" bigint DEFAULT 0 NOT NULL,
	"lease_owner" text COLLATE "C",
	"lease_until" bigint
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_subscription_id_sequence_idx" ON "webhook_deliveries" USING btree ("subscription_id","sequence");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subscription_id_status_sequence_idx" ON "webhook_deliveries" USING btree ("subscription_id","status","sequence");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_status_created_at_idx" ON "webhook_deliveries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_school_id_idx" ON "webhook_subscriptions" USING btree ("school_id");