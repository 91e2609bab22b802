CREATE TABLE "focus_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"edition_id" text NOT NULL,
	"planned_minutes" smallint NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"credited_minutes" smallint DEFAULT 0 NOT NULL,
	"credited_on" date,
	"progress_value" double precision,
	"progress_unit" text,
	CONSTRAINT "focus_sessions_planned_minutes_check" CHECK (planned_minutes BETWEEN 5 AND 180),
	CONSTRAINT "focus_sessions_credited_minutes_check" CHECK (credited_minutes >= 0 AND credited_minutes <= planned_minutes),
	CONSTRAINT "focus_sessions_ends_check" CHECK (ends_at > started_at),
	CONSTRAINT "focus_sessions_closed_check" CHECK ((status = 'running') = (finished_at IS NULL))
);
--> statement-breakpoint
ALTER TABLE "focus_sessions" ADD CONSTRAINT "focus_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_sessions" ADD CONSTRAINT "focus_sessions_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "focus_sessions_one_running_key" ON "focus_sessions" USING btree ("user_id") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "focus_sessions_user_started_idx" ON "focus_sessions" USING btree ("user_id","started_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "focus_sessions_user_day_idx" ON "focus_sessions" USING btree ("user_id","credited_on");--> statement-breakpoint
CREATE INDEX "focus_sessions_running_ends_idx" ON "focus_sessions" USING btree ("ends_at") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "focus_sessions_edition_idx" ON "focus_sessions" USING btree ("edition_id");