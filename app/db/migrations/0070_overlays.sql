CREATE TABLE "overlay_settings" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"size" text NOT NULL,
	"position" text NOT NULL,
	"text_colour" text NOT NULL,
	"card_colour" text NOT NULL,
	"accent_colour" text NOT NULL,
	"show_progress_bar" boolean NOT NULL,
	"show_percent" boolean NOT NULL,
	"show_pet_name" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overlay_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "overlay_settings_colours_check" CHECK ("overlay_settings"."text_colour" ~ '^#[0-9a-f]{6}$' AND "overlay_settings"."card_colour" ~ '^#[0-9a-f]{6}$' AND "overlay_settings"."accent_colour" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "overlay_tokens" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "overlay_settings" ADD CONSTRAINT "overlay_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overlay_tokens" ADD CONSTRAINT "overlay_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "overlay_tokens_hash_key" ON "overlay_tokens" USING btree ("token_hash");