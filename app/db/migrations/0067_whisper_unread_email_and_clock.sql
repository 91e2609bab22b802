DROP INDEX "whisper_participants_user_idx";--> statement-breakpoint
ALTER TABLE "whisper_participants" ADD COLUMN "unread_emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whisper_participants" ADD COLUMN "last_message_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Each side's copy of its conversation's clock (decision 0091).
UPDATE "whisper_participants" p SET "last_message_at" = c."last_message_at" FROM "whisper_conversations" c WHERE c."id" = p."conversation_id";--> statement-breakpoint
CREATE INDEX "whisper_participants_unread_idx" ON "whisper_participants" USING btree ("user_id") WHERE last_message_at > coalesce(read_up_to, '-infinity'::timestamptz);--> statement-breakpoint
CREATE INDEX "whisper_participants_user_idx" ON "whisper_participants" USING btree ("user_id","last_message_at" DESC NULLS LAST,"conversation_id");