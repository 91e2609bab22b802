DROP INDEX "editions_created_idx";--> statement-breakpoint
DROP INDEX "catalog_changes_created_idx";--> statement-breakpoint
DROP INDEX "catalog_changes_entity_idx";--> statement-breakpoint
DROP INDEX "catalog_changes_actor_idx";--> statement-breakpoint
DROP INDEX "catalog_imports_curator_idx";--> statement-breakpoint
DROP INDEX "catalog_imports_created_idx";--> statement-breakpoint
DROP INDEX "change_requests_requester_idx";--> statement-breakpoint
DROP INDEX "reviews_edition_published_idx";--> statement-breakpoint
DROP INDEX "shelf_entries_user_updated_idx";--> statement-breakpoint
DROP INDEX "shelves_visibility_updated_idx";--> statement-breakpoint
DROP INDEX "atts_created_idx";--> statement-breakpoint
DROP INDEX "atts_author_created_idx";--> statement-breakpoint
DROP INDEX "atts_edition_created_idx";--> statement-breakpoint
CREATE INDEX "editions_created_idx" ON "editions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "catalog_changes_created_idx" ON "catalog_changes" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "catalog_changes_entity_idx" ON "catalog_changes" USING btree ("entity_type","entity_id","field","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "catalog_changes_actor_idx" ON "catalog_changes" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "catalog_imports_curator_idx" ON "catalog_imports" USING btree ("curator_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "catalog_imports_created_idx" ON "catalog_imports" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "change_requests_requester_idx" ON "change_requests" USING btree ("requester_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_edition_published_idx" ON "reviews" USING btree ("edition_id","published_at" DESC NULLS FIRST) WHERE "reviews"."published_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "shelf_entries_user_updated_idx" ON "shelf_entries" USING btree ("user_id","updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "shelves_visibility_updated_idx" ON "shelves" USING btree ("visibility","updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "atts_created_idx" ON "atts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "atts_author_created_idx" ON "atts" USING btree ("author_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "atts_edition_created_idx" ON "atts" USING btree ("edition_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);