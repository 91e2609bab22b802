CREATE TABLE "focus_room_members" (
	"room_id" text NOT NULL,
	"user_id" text NOT NULL,
	"edition_id" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "focus_room_members_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "focus_room_sprints" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"planned_minutes" smallint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "focus_room_sprints_planned_minutes_check" CHECK (planned_minutes BETWEEN 5 AND 180),
	CONSTRAINT "focus_room_sprints_ends_check" CHECK (ends_at > started_at)
);
--> statement-breakpoint
CREATE TABLE "focus_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"host_id" text NOT NULL,
	"name" text NOT NULL,
	"visibility" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "focus_rooms_name_check" CHECK (char_length(name) BETWEEN 3 AND 60)
);
--> statement-breakpoint
ALTER TABLE "focus_sessions" ADD COLUMN "room_sprint_id" text;--> statement-breakpoint
ALTER TABLE "focus_room_members" ADD CONSTRAINT "focus_room_members_room_id_focus_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."focus_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_room_members" ADD CONSTRAINT "focus_room_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_room_members" ADD CONSTRAINT "focus_room_members_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_room_sprints" ADD CONSTRAINT "focus_room_sprints_room_id_focus_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."focus_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_rooms" ADD CONSTRAINT "focus_rooms_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "focus_room_members_user_idx" ON "focus_room_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "focus_room_members_edition_idx" ON "focus_room_members" USING btree ("edition_id");--> statement-breakpoint
CREATE INDEX "focus_room_sprints_room_idx" ON "focus_room_sprints" USING btree ("room_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "focus_rooms_code_key" ON "focus_rooms" USING btree ("code");--> statement-breakpoint
CREATE INDEX "focus_rooms_host_idx" ON "focus_rooms" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "focus_rooms_public_idx" ON "focus_rooms" USING btree ("created_at" DESC NULLS LAST,"id") WHERE visibility = 'public';--> statement-breakpoint
ALTER TABLE "focus_sessions" ADD CONSTRAINT "focus_sessions_room_sprint_id_focus_room_sprints_id_fk" FOREIGN KEY ("room_sprint_id") REFERENCES "public"."focus_room_sprints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "focus_sessions_room_sprint_idx" ON "focus_sessions" USING btree ("room_sprint_id") WHERE room_sprint_id IS NOT NULL;