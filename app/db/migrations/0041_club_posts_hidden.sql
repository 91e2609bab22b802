ALTER TABLE "club_post_comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "club_posts" ADD COLUMN "hidden_at" timestamp with time zone;