CREATE TABLE "att_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"att_id" text NOT NULL,
	"author_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	CONSTRAINT "att_comments_text_check" CHECK (char_length("att_comments"."text") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "att_images" (
	"att_id" text NOT NULL,
	"position" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "att_images_att_id_position_pk" PRIMARY KEY("att_id","position"),
	CONSTRAINT "att_images_position_check" CHECK ("att_images"."position" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE TABLE "att_reactions" (
	"att_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "att_reactions_att_id_user_id_kind_pk" PRIMARY KEY("att_id","user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "atts" (
	"id" text PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"edition_id" text NOT NULL,
	"read_through_id" text,
	"progress_entry_id" text,
	"kind" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"spoiler" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'publico' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	CONSTRAINT "atts_text_check" CHECK (char_length("atts"."text") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "att_comments" ADD CONSTRAINT "att_comments_att_id_atts_id_fk" FOREIGN KEY ("att_id") REFERENCES "public"."atts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_comments" ADD CONSTRAINT "att_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_images" ADD CONSTRAINT "att_images_att_id_atts_id_fk" FOREIGN KEY ("att_id") REFERENCES "public"."atts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_reactions" ADD CONSTRAINT "att_reactions_att_id_atts_id_fk" FOREIGN KEY ("att_id") REFERENCES "public"."atts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_reactions" ADD CONSTRAINT "att_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atts" ADD CONSTRAINT "atts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atts" ADD CONSTRAINT "atts_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atts" ADD CONSTRAINT "atts_read_through_id_read_throughs_id_fk" FOREIGN KEY ("read_through_id") REFERENCES "public"."read_throughs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atts" ADD CONSTRAINT "atts_progress_entry_id_progress_entries_id_fk" FOREIGN KEY ("progress_entry_id") REFERENCES "public"."progress_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "att_comments_att_idx" ON "att_comments" USING btree ("att_id","created_at");--> statement-breakpoint
CREATE INDEX "atts_created_idx" ON "atts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "atts_author_created_idx" ON "atts" USING btree ("author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "atts_edition_created_idx" ON "atts" USING btree ("edition_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);