CREATE TABLE "club_activity_reminders" (
	"activity_id" text NOT NULL,
	"user_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_activity_reminders_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "club_activity_reminders" ADD CONSTRAINT "club_activity_reminders_activity_id_club_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."club_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_activity_reminders" ADD CONSTRAINT "club_activity_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_activity_reminders_user_idx" ON "club_activity_reminders" USING btree ("user_id");