CREATE TABLE "group_read_editions" (
	"group_read_id" text NOT NULL,
	"edition_id" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "group_read_editions_group_read_id_edition_id_pk" PRIMARY KEY("group_read_id","edition_id")
);
--> statement-breakpoint
CREATE TABLE "group_read_materials" (
	"id" text PRIMARY KEY NOT NULL,
	"group_read_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"file_key" text,
	"position" smallint NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_read_materials_title_check" CHECK (char_length("group_read_materials"."title") BETWEEN 1 AND 120),
	CONSTRAINT "group_read_materials_kind_check" CHECK (("group_read_materials"."kind" = 'link') = ("group_read_materials"."url" IS NOT NULL) AND ("group_read_materials"."kind" = 'file') = ("group_read_materials"."file_key" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "group_read_participants" (
	"group_read_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"waiting_position" integer,
	"invited_by_id" text,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	CONSTRAINT "group_read_participants_group_read_id_user_id_pk" PRIMARY KEY("group_read_id","user_id"),
	CONSTRAINT "group_read_participants_waiting_check" CHECK (("group_read_participants"."status" = 'waiting') = ("group_read_participants"."waiting_position" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "group_read_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"group_read_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_read_stages" (
	"id" text PRIMARY KEY NOT NULL,
	"group_read_id" text NOT NULL,
	"edition_id" text NOT NULL,
	"position" smallint NOT NULL,
	"unit" text NOT NULL,
	"from_number" integer NOT NULL,
	"to_number" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "group_read_stages_range_check" CHECK ("group_read_stages"."from_number" >= 1 AND "group_read_stages"."to_number" >= "group_read_stages"."from_number"),
	CONSTRAINT "group_read_stages_dates_check" CHECK ("group_read_stages"."ends_on" >= "group_read_stages"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "group_reads" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_key" text,
	"host_user_id" text,
	"host_club_id" text,
	"created_by_id" text,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"participant_cap" integer,
	"visibility" text NOT NULL,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"closed_early_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_reads_one_host_check" CHECK (("group_reads"."host_user_id" IS NULL) <> ("group_reads"."host_club_id" IS NULL)),
	CONSTRAINT "group_reads_club_visibility_check" CHECK ("group_reads"."visibility" <> 'clube' OR "group_reads"."host_club_id" IS NOT NULL),
	CONSTRAINT "group_reads_title_check" CHECK (char_length("group_reads"."title") BETWEEN 1 AND 120),
	CONSTRAINT "group_reads_slug_check" CHECK ("group_reads"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length("group_reads"."slug") BETWEEN 3 AND 60),
	CONSTRAINT "group_reads_dates_check" CHECK ("group_reads"."ends_on" >= "group_reads"."starts_on"),
	CONSTRAINT "group_reads_cap_check" CHECK ("group_reads"."participant_cap" IS NULL OR "group_reads"."participant_cap" > 0),
	CONSTRAINT "group_reads_count_check" CHECK ("group_reads"."participant_count" >= 0 AND ("group_reads"."participant_cap" IS NULL OR "group_reads"."participant_count" <= "group_reads"."participant_cap"))
);
--> statement-breakpoint
ALTER TABLE "group_read_editions" ADD CONSTRAINT "group_read_editions_group_read_id_group_reads_id_fk" FOREIGN KEY ("group_read_id") REFERENCES "public"."group_reads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_editions" ADD CONSTRAINT "group_read_editions_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_materials" ADD CONSTRAINT "group_read_materials_group_read_id_group_reads_id_fk" FOREIGN KEY ("group_read_id") REFERENCES "public"."group_reads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_materials" ADD CONSTRAINT "group_read_materials_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_participants" ADD CONSTRAINT "group_read_participants_group_read_id_group_reads_id_fk" FOREIGN KEY ("group_read_id") REFERENCES "public"."group_reads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_participants" ADD CONSTRAINT "group_read_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_participants" ADD CONSTRAINT "group_read_participants_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_slug_redirects" ADD CONSTRAINT "group_read_slug_redirects_group_read_id_group_reads_id_fk" FOREIGN KEY ("group_read_id") REFERENCES "public"."group_reads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_stages" ADD CONSTRAINT "group_read_stages_group_read_id_group_reads_id_fk" FOREIGN KEY ("group_read_id") REFERENCES "public"."group_reads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_stages" ADD CONSTRAINT "group_read_stages_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reads" ADD CONSTRAINT "group_reads_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reads" ADD CONSTRAINT "group_reads_host_club_id_clubs_id_fk" FOREIGN KEY ("host_club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reads" ADD CONSTRAINT "group_reads_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_read_editions_edition_idx" ON "group_read_editions" USING btree ("edition_id");--> statement-breakpoint
CREATE INDEX "group_read_materials_group_read_idx" ON "group_read_materials" USING btree ("group_read_id","position");--> statement-breakpoint
CREATE INDEX "group_read_materials_created_by_idx" ON "group_read_materials" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "group_read_participants_user_idx" ON "group_read_participants" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "group_read_participants_status_idx" ON "group_read_participants" USING btree ("group_read_id","status","waiting_position");--> statement-breakpoint
CREATE INDEX "group_read_participants_invited_by_idx" ON "group_read_participants" USING btree ("invited_by_id");--> statement-breakpoint
CREATE INDEX "group_read_slug_redirects_group_read_idx" ON "group_read_slug_redirects" USING btree ("group_read_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_read_stages_position_key" ON "group_read_stages" USING btree ("group_read_id","position");--> statement-breakpoint
CREATE INDEX "group_read_stages_edition_idx" ON "group_read_stages" USING btree ("edition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_reads_slug_key" ON "group_reads" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "group_reads_title_trgm_idx" ON "group_reads" USING gin (immutable_unaccent(lower("title")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "group_reads_dates_idx" ON "group_reads" USING btree ("starts_on","ends_on");--> statement-breakpoint
CREATE INDEX "group_reads_host_user_idx" ON "group_reads" USING btree ("host_user_id");--> statement-breakpoint
CREATE INDEX "group_reads_host_club_idx" ON "group_reads" USING btree ("host_club_id");--> statement-breakpoint
CREATE INDEX "group_reads_created_by_idx" ON "group_reads" USING btree ("created_by_id");