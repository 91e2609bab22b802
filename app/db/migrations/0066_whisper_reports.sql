CREATE TABLE "whisper_report_views" (
	"id" text PRIMARY KEY NOT NULL,
	"report_id" text,
	"message_id" text,
	"conversation_id" text,
	"viewer_id" text,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whisper_messages" DROP CONSTRAINT "whisper_messages_body_check";--> statement-breakpoint
ALTER TABLE "whisper_messages" DROP CONSTRAINT "whisper_messages_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "whisper_messages" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "whisper_messages" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whisper_report_views" ADD CONSTRAINT "whisper_report_views_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whisper_report_views" ADD CONSTRAINT "whisper_report_views_message_id_whisper_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."whisper_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whisper_report_views" ADD CONSTRAINT "whisper_report_views_conversation_id_whisper_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."whisper_conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whisper_report_views" ADD CONSTRAINT "whisper_report_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whisper_report_views_message_idx" ON "whisper_report_views" USING btree ("message_id","viewed_at");--> statement-breakpoint
CREATE INDEX "whisper_report_views_report_idx" ON "whisper_report_views" USING btree ("report_id");--> statement-breakpoint
ALTER TABLE "whisper_messages" ADD CONSTRAINT "whisper_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whisper_messages" ADD CONSTRAINT "whisper_messages_author_check" CHECK (author_id IS NOT NULL OR (removed_at IS NOT NULL AND body = ''));--> statement-breakpoint
ALTER TABLE "whisper_messages" ADD CONSTRAINT "whisper_messages_body_check" CHECK (char_length(body) <= 2000 AND (char_length(body) >= 1 OR removed_at IS NOT NULL));