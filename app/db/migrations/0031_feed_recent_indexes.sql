DROP INDEX "atts_created_idx";--> statement-breakpoint
CREATE INDEX "shelf_entries_updated_idx" ON "shelf_entries" USING btree ("updated_at" DESC NULLS FIRST,"id","user_id");--> statement-breakpoint
CREATE INDEX "atts_created_idx" ON "atts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"author_id");