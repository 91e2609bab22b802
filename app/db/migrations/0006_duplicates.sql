ALTER TABLE "change_requests" ADD COLUMN "duplicate_edition_id" text;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "duplicate_author_id" text;