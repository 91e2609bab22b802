CREATE TABLE "reviews" (
	"shelf_entry_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"edition_id" text NOT NULL,
	"body" text,
	"spoiler" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'publico' NOT NULL,
	"published_at" timestamp with time zone,
	"draft_body" text,
	"draft_spoiler" boolean DEFAULT false NOT NULL,
	"draft_visibility" text DEFAULT 'publico' NOT NULL,
	"draft_saved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_body_length_check" CHECK (char_length("reviews"."body") <= 20000),
	CONSTRAINT "reviews_draft_length_check" CHECK (char_length("reviews"."draft_body") <= 20000),
	CONSTRAINT "reviews_published_body_check" CHECK ("reviews"."published_at" IS NULL OR "reviews"."body" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "shelf_entries" ADD COLUMN "moods" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "shelf_entries" ADD COLUMN "pacing" text;--> statement-breakpoint
ALTER TABLE "shelf_entries" ADD COLUMN "content_warnings" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_shelf_entry_id_shelf_entries_id_fk" FOREIGN KEY ("shelf_entry_id") REFERENCES "public"."shelf_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_edition_published_idx" ON "reviews" USING btree ("edition_id","published_at" DESC NULLS LAST) WHERE "reviews"."published_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");