ALTER TABLE "users" ADD COLUMN "show_currently_reading" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (immutable_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);