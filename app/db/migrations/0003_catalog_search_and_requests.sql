CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"field" text NOT NULL,
	"before" text,
	"after" text,
	"actor_id" text,
	"change_request_id" text,
	"revert_of_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requester_id" text NOT NULL,
	"edition_id" text,
	"author_id" text,
	"target_label" text NOT NULL,
	"changes" jsonb NOT NULL,
	"note" text,
	"applied_directly" boolean DEFAULT false NOT NULL,
	"reviewer_id" text,
	"answer" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "editions_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "catalog_changes" ADD CONSTRAINT "catalog_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_changes" ADD CONSTRAINT "catalog_changes_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_changes_created_idx" ON "catalog_changes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_changes_entity_idx" ON "catalog_changes" USING btree ("entity_type","entity_id","field","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_changes_actor_idx" ON "catalog_changes" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "change_requests_code_key" ON "change_requests" USING btree ("code");--> statement-breakpoint
CREATE INDEX "change_requests_queue_idx" ON "change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "change_requests_requester_idx" ON "change_requests" USING btree ("requester_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "editions_folded_title_idx" ON "editions" USING btree (btrim(regexp_replace(immutable_unaccent(lower("title")), '[^a-z0-9]+', ' ', 'g')));