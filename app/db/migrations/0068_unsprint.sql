CREATE TABLE "unsprint_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"streamer_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"results" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unsprint_participations" (
	"sprint_id" text NOT NULL,
	"twitch_login" text NOT NULL,
	"twitch_user_id" text,
	"streamer_id" text,
	"reader_id" text,
	"minutes" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"credited_minutes" integer DEFAULT 0 NOT NULL,
	"credited_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unsprint_participations_sprint_id_twitch_login_pk" PRIMARY KEY("sprint_id","twitch_login"),
	CONSTRAINT "unsprint_participations_minutes_check" CHECK (minutes >= 0 AND credited_minutes >= 0)
);
--> statement-breakpoint
ALTER TABLE "unsprint_batches" ADD CONSTRAINT "unsprint_batches_streamer_id_users_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsprint_participations" ADD CONSTRAINT "unsprint_participations_streamer_id_users_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsprint_participations" ADD CONSTRAINT "unsprint_participations_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unsprint_batches_streamer_idx" ON "unsprint_batches" USING btree ("streamer_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "unsprint_participations_reader_idx" ON "unsprint_participations" USING btree ("reader_id");--> statement-breakpoint
CREATE INDEX "unsprint_participations_streamer_idx" ON "unsprint_participations" USING btree ("streamer_id");--> statement-breakpoint
CREATE INDEX "unsprint_participations_waiting_idx" ON "unsprint_participations" USING btree ("twitch_user_id") WHERE reader_id IS NULL;