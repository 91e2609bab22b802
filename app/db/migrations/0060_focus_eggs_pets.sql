CREATE TABLE "focus_eggs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"rarity" text NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"minutes" smallint DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"hatched_at" timestamp with time zone,
	CONSTRAINT "focus_eggs_minutes_check" CHECK (minutes >= 0 AND minutes <= 600)
);
--> statement-breakpoint
CREATE TABLE "focus_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"egg_id" text,
	"pet_id" text,
	"level" smallint,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "focus_pets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"egg_id" text NOT NULL,
	"species" text NOT NULL,
	"name" text,
	"xp" integer DEFAULT 0 NOT NULL,
	"mood" smallint DEFAULT 70 NOT NULL,
	"mood_at" timestamp with time zone DEFAULT now() NOT NULL,
	"companion" boolean DEFAULT false NOT NULL,
	"hatched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "focus_pets_mood_check" CHECK (mood BETWEEN 0 AND 100),
	CONSTRAINT "focus_pets_xp_check" CHECK (xp >= 0)
);
--> statement-breakpoint
ALTER TABLE "focus_eggs" ADD CONSTRAINT "focus_eggs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_events" ADD CONSTRAINT "focus_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_events" ADD CONSTRAINT "focus_events_egg_id_focus_eggs_id_fk" FOREIGN KEY ("egg_id") REFERENCES "public"."focus_eggs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_events" ADD CONSTRAINT "focus_events_pet_id_focus_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."focus_pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_pets" ADD CONSTRAINT "focus_pets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_pets" ADD CONSTRAINT "focus_pets_egg_id_focus_eggs_id_fk" FOREIGN KEY ("egg_id") REFERENCES "public"."focus_eggs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "focus_eggs_source_key" ON "focus_eggs" USING btree ("user_id","source_key");--> statement-breakpoint
CREATE INDEX "focus_eggs_unhatched_idx" ON "focus_eggs" USING btree ("user_id","received_at","id") WHERE hatched_at IS NULL;--> statement-breakpoint
CREATE INDEX "focus_events_user_created_idx" ON "focus_events" USING btree ("user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "focus_events_pet_idx" ON "focus_events" USING btree ("pet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "focus_pets_egg_key" ON "focus_pets" USING btree ("egg_id");--> statement-breakpoint
CREATE UNIQUE INDEX "focus_pets_one_companion_key" ON "focus_pets" USING btree ("user_id") WHERE companion;--> statement-breakpoint
CREATE INDEX "focus_pets_user_hatched_idx" ON "focus_pets" USING btree ("user_id","hatched_at","id");