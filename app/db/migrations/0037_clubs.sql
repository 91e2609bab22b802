CREATE TABLE "club_activities" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"link" text,
	"edition_id" text,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_activities_title_check" CHECK (char_length("club_activities"."title") BETWEEN 1 AND 120),
	CONSTRAINT "club_activities_dates_check" CHECK ("club_activities"."ends_at" IS NULL OR "club_activities"."ends_at" >= "club_activities"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "club_benefits" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_benefits_title_check" CHECK (char_length("club_benefits"."title") BETWEEN 1 AND 80)
);
--> statement-breakpoint
CREATE TABLE "club_members" (
	"club_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text NOT NULL,
	"plan_id" text,
	"plan_price_cents" integer,
	"plan_started_at" timestamp with time zone,
	"plan_ends_at" timestamp with time zone,
	"invited_by_id" text,
	"ban_reason" text,
	"show_on_profile" boolean DEFAULT true NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	CONSTRAINT "club_members_club_id_user_id_pk" PRIMARY KEY("club_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "club_plan_benefits" (
	"plan_id" text NOT NULL,
	"benefit_id" text NOT NULL,
	CONSTRAINT "club_plan_benefits_plan_id_benefit_id_pk" PRIMARY KEY("plan_id","benefit_id")
);
--> statement-breakpoint
CREATE TABLE "club_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"member_cap" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_plans_price_check" CHECK ("club_plans"."price_cents" >= 0),
	CONSTRAINT "club_plans_name_check" CHECK (char_length("club_plans"."name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE TABLE "club_post_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "club_post_comments_body_check" CHECK (char_length("club_post_comments"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "club_post_reactions" (
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_post_reactions_post_id_user_id_kind_pk" PRIMARY KEY("post_id","user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "club_post_revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"editor_id" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "club_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"author_id" text,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"visibility" text NOT NULL,
	"min_plan_id" text,
	"pinned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "club_posts_title_check" CHECK (char_length("club_posts"."title") BETWEEN 1 AND 150),
	CONSTRAINT "club_posts_body_check" CHECK (char_length("club_posts"."body") BETWEEN 1 AND 20000)
);
--> statement-breakpoint
CREATE TABLE "club_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"welcome_text" text DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"visibility" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"member_cap" integer,
	"members_can_post" boolean DEFAULT false NOT NULL,
	"avatar_key" text,
	"banner_key" text,
	"primary_color" text DEFAULT '#1f5f5b' NOT NULL,
	"accent_color" text DEFAULT '#c2410c' NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clubs_name_check" CHECK (char_length("clubs"."name") BETWEEN 1 AND 80),
	CONSTRAINT "clubs_slug_check" CHECK ("clubs"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length("clubs"."slug") BETWEEN 3 AND 60),
	CONSTRAINT "clubs_member_cap_check" CHECK ("clubs"."member_cap" IS NULL OR "clubs"."member_cap" > 0)
);
--> statement-breakpoint
ALTER TABLE "club_activities" ADD CONSTRAINT "club_activities_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_activities" ADD CONSTRAINT "club_activities_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_activities" ADD CONSTRAINT "club_activities_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_benefits" ADD CONSTRAINT "club_benefits_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_plan_id_club_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."club_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_plan_benefits" ADD CONSTRAINT "club_plan_benefits_plan_id_club_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."club_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_plan_benefits" ADD CONSTRAINT "club_plan_benefits_benefit_id_club_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."club_benefits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_plans" ADD CONSTRAINT "club_plans_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_post_comments" ADD CONSTRAINT "club_post_comments_post_id_club_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."club_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_post_comments" ADD CONSTRAINT "club_post_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_post_reactions" ADD CONSTRAINT "club_post_reactions_post_id_club_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."club_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_post_reactions" ADD CONSTRAINT "club_post_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_post_revisions" ADD CONSTRAINT "club_post_revisions_post_id_club_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."club_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_post_revisions" ADD CONSTRAINT "club_post_revisions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_posts" ADD CONSTRAINT "club_posts_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_posts" ADD CONSTRAINT "club_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_posts" ADD CONSTRAINT "club_posts_min_plan_id_club_plans_id_fk" FOREIGN KEY ("min_plan_id") REFERENCES "public"."club_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_slug_redirects" ADD CONSTRAINT "club_slug_redirects_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_activities_club_idx" ON "club_activities" USING btree ("club_id","starts_at");--> statement-breakpoint
CREATE INDEX "club_activities_edition_idx" ON "club_activities" USING btree ("edition_id");--> statement-breakpoint
CREATE INDEX "club_benefits_club_idx" ON "club_benefits" USING btree ("club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "club_members_one_owner_key" ON "club_members" USING btree ("club_id") WHERE "club_members"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "club_members_user_idx" ON "club_members" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "club_members_club_status_idx" ON "club_members" USING btree ("club_id","status","joined_at" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "club_members_plan_idx" ON "club_members" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "club_plan_benefits_benefit_idx" ON "club_plan_benefits" USING btree ("benefit_id");--> statement-breakpoint
CREATE INDEX "club_plans_club_idx" ON "club_plans" USING btree ("club_id","position");--> statement-breakpoint
CREATE INDEX "club_post_comments_post_idx" ON "club_post_comments" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "club_post_revisions_post_idx" ON "club_post_revisions" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "club_posts_club_idx" ON "club_posts" USING btree ("club_id","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "club_posts_pinned_idx" ON "club_posts" USING btree ("club_id","kind","pinned_at" DESC NULLS LAST) WHERE "club_posts"."pinned_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "club_posts_author_idx" ON "club_posts" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clubs_slug_key" ON "clubs" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "clubs_name_trgm_idx" ON "clubs" USING gin (immutable_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clubs_members_idx" ON "clubs" USING btree ("member_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "clubs_activity_idx" ON "clubs" USING btree ("last_activity_at" DESC NULLS LAST,"id");