CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "editions_folded_title_idx" ON "editions" USING btree (btrim(regexp_replace(immutable_unaccent(lower("title")), '[^a-z0-9]+', ' ', 'g')));