CREATE TABLE "marathon_challenge_completions" (
	"marathon_id" text NOT NULL,
	"challenge_id" text NOT NULL,
	"user_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marathon_challenge_completions_challenge_id_user_id_pk" PRIMARY KEY("challenge_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "marathon_challenge_links" (
	"id" text PRIMARY KEY NOT NULL,
	"marathon_id" text NOT NULL,
	"challenge_id" text NOT NULL,
	"user_id" text NOT NULL,
	"edition_id" text NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"rating_quarters" smallint,
	"comment" text,
	"marked_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marathon_challenge_links_progress_check" CHECK ("marathon_challenge_links"."progress" BETWEEN 0 AND 100),
	CONSTRAINT "marathon_challenge_links_rating_check" CHECK ("marathon_challenge_links"."rating_quarters" BETWEEN 1 AND 20),
	CONSTRAINT "marathon_challenge_links_comment_check" CHECK (char_length("marathon_challenge_links"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "marathon_challenges" ADD COLUMN "completes_on_finish" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "marathon_participants" ADD COLUMN "challenges_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathon_participants" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathon_participants" ADD COLUMN "pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathon_participants" ADD COLUMN "minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathon_participants" ADD COLUMN "scored_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "marathon_teams" ADD COLUMN "challenges_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathon_teams" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathon_teams" ADD COLUMN "pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathon_teams" ADD COLUMN "minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marathon_teams" ADD COLUMN "scored_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "marathon_challenge_completions" ADD CONSTRAINT "marathon_challenge_completions_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_challenge_completions" ADD CONSTRAINT "marathon_challenge_completions_challenge_id_marathon_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."marathon_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_challenge_completions" ADD CONSTRAINT "marathon_challenge_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_challenge_links" ADD CONSTRAINT "marathon_challenge_links_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_challenge_links" ADD CONSTRAINT "marathon_challenge_links_challenge_id_marathon_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."marathon_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_challenge_links" ADD CONSTRAINT "marathon_challenge_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_challenge_links" ADD CONSTRAINT "marathon_challenge_links_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marathon_challenge_completions_board_idx" ON "marathon_challenge_completions" USING btree ("marathon_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marathon_challenge_links_key" ON "marathon_challenge_links" USING btree ("challenge_id","user_id","edition_id");--> statement-breakpoint
CREATE INDEX "marathon_challenge_links_board_idx" ON "marathon_challenge_links" USING btree ("marathon_id","user_id");--> statement-breakpoint
CREATE INDEX "marathon_challenge_links_user_edition_idx" ON "marathon_challenge_links" USING btree ("user_id","edition_id");--> statement-breakpoint
CREATE INDEX "marathon_challenge_links_edition_idx" ON "marathon_challenge_links" USING btree ("edition_id");--> statement-breakpoint
CREATE INDEX "marathon_participants_ranking_idx" ON "marathon_participants" USING btree ("marathon_id","status","points" DESC NULLS LAST,"scored_at","user_id");