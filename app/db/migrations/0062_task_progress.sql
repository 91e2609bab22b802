CREATE TABLE "task_progress" (
	"user_id" text NOT NULL,
	"period_start" date NOT NULL,
	"task_id" text NOT NULL,
	"target" smallint NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_progress_user_id_period_start_task_id_pk" PRIMARY KEY("user_id","period_start","task_id"),
	CONSTRAINT "task_progress_progress_check" CHECK (progress >= 0 AND progress <= target AND target > 0)
);
--> statement-breakpoint
ALTER TABLE "focus_events" ADD COLUMN "task_id" text;--> statement-breakpoint
ALTER TABLE "task_progress" ADD CONSTRAINT "task_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;