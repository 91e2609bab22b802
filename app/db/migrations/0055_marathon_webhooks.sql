CREATE TABLE "marathon_webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"response_status" smallint,
	"duration_ms" integer,
	"error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "marathon_webhook_deliveries_error_check" CHECK (char_length("marathon_webhook_deliveries"."error") <= 500)
);
--> statement-breakpoint
CREATE TABLE "marathon_webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"marathon_id" text NOT NULL,
	"url" text NOT NULL,
	"api_key" text NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"secret_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marathon_webhooks_url_check" CHECK (char_length("marathon_webhooks"."url") <= 2000 AND "marathon_webhooks"."url" ~ '^https?://'),
	CONSTRAINT "marathon_webhooks_api_key_check" CHECK (char_length("marathon_webhooks"."api_key") BETWEEN 1 AND 500)
);
--> statement-breakpoint
ALTER TABLE "marathon_webhook_deliveries" ADD CONSTRAINT "marathon_webhook_deliveries_webhook_id_marathon_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."marathon_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_webhook_deliveries" ADD CONSTRAINT "marathon_webhook_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_webhooks" ADD CONSTRAINT "marathon_webhooks_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marathon_webhook_deliveries_pending_key" ON "marathon_webhook_deliveries" USING btree ("webhook_id","user_id") WHERE "marathon_webhook_deliveries"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "marathon_webhook_deliveries_log_idx" ON "marathon_webhook_deliveries" USING btree ("webhook_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "marathon_webhook_deliveries_user_idx" ON "marathon_webhook_deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "marathon_webhook_deliveries_finished_idx" ON "marathon_webhook_deliveries" USING btree ("finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marathon_webhooks_marathon_key" ON "marathon_webhooks" USING btree ("marathon_id");