ALTER TABLE "whisper_report_views" ADD COLUMN "viewer_username" text;--> statement-breakpoint
CREATE INDEX "whisper_report_views_conversation_idx" ON "whisper_report_views" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "whisper_report_views_viewer_idx" ON "whisper_report_views" USING btree ("viewer_id");