CREATE TABLE "club_departures" (
	"club_id" text NOT NULL,
	"joined_at" timestamp with time zone,
	"left_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "club_departures" ADD CONSTRAINT "club_departures_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_departures_club_idx" ON "club_departures" USING btree ("club_id","left_at");