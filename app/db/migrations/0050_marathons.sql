CREATE TABLE "marathon_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"marathon_id" text NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "marathon_categories_name_check" CHECK (char_length("marathon_categories"."name") BETWEEN 1 AND 80)
);
--> statement-breakpoint
CREATE TABLE "marathon_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"marathon_id" text NOT NULL,
	"category_id" text NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"points" integer DEFAULT 1 NOT NULL,
	"reveals_on" date,
	"level_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marathon_challenges_description_check" CHECK (char_length("marathon_challenges"."description") BETWEEN 1 AND 500),
	CONSTRAINT "marathon_challenges_points_check" CHECK ("marathon_challenges"."points" BETWEEN 0 AND 1000)
);
--> statement-breakpoint
CREATE TABLE "marathon_levels" (
	"id" text PRIMARY KEY NOT NULL,
	"marathon_id" text NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "marathon_levels_name_check" CHECK (char_length("marathon_levels"."name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE TABLE "marathon_notice_acceptances" (
	"user_id" text PRIMARY KEY NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marathon_participants" (
	"marathon_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"level_id" text,
	"team_id" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marathon_participants_marathon_id_user_id_pk" PRIMARY KEY("marathon_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "marathon_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"marathon_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marathon_teams" (
	"id" text PRIMARY KEY NOT NULL,
	"marathon_id" text NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "marathon_teams_name_check" CHECK (char_length("marathon_teams"."name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE TABLE "marathons" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"organizer_user_id" text,
	"organizer_club_id" text,
	"official" boolean DEFAULT false NOT NULL,
	"created_by_id" text,
	"time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"registration_opens_on" date NOT NULL,
	"registration_closes_on" date NOT NULL,
	"visibility" text NOT NULL,
	"mode" text DEFAULT 'none' NOT NULL,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marathons_one_organizer_check" CHECK (("marathons"."organizer_user_id" IS NOT NULL)::int + ("marathons"."organizer_club_id" IS NOT NULL)::int + "marathons"."official"::int = 1),
	CONSTRAINT "marathons_club_visibility_check" CHECK ("marathons"."visibility" <> 'clube' OR "marathons"."organizer_club_id" IS NOT NULL),
	CONSTRAINT "marathons_name_check" CHECK (char_length("marathons"."name") BETWEEN 1 AND 120),
	CONSTRAINT "marathons_slug_check" CHECK ("marathons"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length("marathons"."slug") BETWEEN 3 AND 60),
	CONSTRAINT "marathons_dates_check" CHECK ("marathons"."ends_on" >= "marathons"."starts_on"),
	CONSTRAINT "marathons_registration_check" CHECK ("marathons"."registration_closes_on" >= "marathons"."registration_opens_on" AND "marathons"."registration_closes_on" <= "marathons"."ends_on"),
	CONSTRAINT "marathons_count_check" CHECK ("marathons"."participant_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "marathon_categories" ADD CONSTRAINT "marathon_categories_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_challenges" ADD CONSTRAINT "marathon_challenges_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_challenges" ADD CONSTRAINT "marathon_challenges_category_id_marathon_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."marathon_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_challenges" ADD CONSTRAINT "marathon_challenges_level_id_marathon_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."marathon_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_levels" ADD CONSTRAINT "marathon_levels_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_notice_acceptances" ADD CONSTRAINT "marathon_notice_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_participants" ADD CONSTRAINT "marathon_participants_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_participants" ADD CONSTRAINT "marathon_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_participants" ADD CONSTRAINT "marathon_participants_level_id_marathon_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."marathon_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_participants" ADD CONSTRAINT "marathon_participants_team_id_marathon_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."marathon_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_slug_redirects" ADD CONSTRAINT "marathon_slug_redirects_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_teams" ADD CONSTRAINT "marathon_teams_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_organizer_user_id_users_id_fk" FOREIGN KEY ("organizer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_organizer_club_id_clubs_id_fk" FOREIGN KEY ("organizer_club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathons" ADD CONSTRAINT "marathons_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marathon_categories_position_key" ON "marathon_categories" USING btree ("marathon_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "marathon_challenges_position_key" ON "marathon_challenges" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "marathon_challenges_marathon_idx" ON "marathon_challenges" USING btree ("marathon_id","reveals_on");--> statement-breakpoint
CREATE INDEX "marathon_challenges_level_idx" ON "marathon_challenges" USING btree ("level_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marathon_levels_position_key" ON "marathon_levels" USING btree ("marathon_id","position");--> statement-breakpoint
CREATE INDEX "marathon_participants_user_idx" ON "marathon_participants" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "marathon_participants_status_idx" ON "marathon_participants" USING btree ("marathon_id","status","joined_at");--> statement-breakpoint
CREATE INDEX "marathon_participants_level_idx" ON "marathon_participants" USING btree ("level_id");--> statement-breakpoint
CREATE INDEX "marathon_participants_team_idx" ON "marathon_participants" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "marathon_slug_redirects_marathon_idx" ON "marathon_slug_redirects" USING btree ("marathon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marathon_teams_position_key" ON "marathon_teams" USING btree ("marathon_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "marathons_slug_key" ON "marathons" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "marathons_name_trgm_idx" ON "marathons" USING gin (immutable_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marathons_dates_idx" ON "marathons" USING btree ("starts_on","ends_on");--> statement-breakpoint
CREATE INDEX "marathons_organizer_user_idx" ON "marathons" USING btree ("organizer_user_id");--> statement-breakpoint
CREATE INDEX "marathons_organizer_club_idx" ON "marathons" USING btree ("organizer_club_id");--> statement-breakpoint
CREATE INDEX "marathons_created_by_idx" ON "marathons" USING btree ("created_by_id");