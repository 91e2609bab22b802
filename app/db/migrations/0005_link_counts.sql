CREATE TABLE "edition_link_counts" (
	"edition_id" text PRIMARY KEY NOT NULL,
	"counts" jsonb NOT NULL,
	"total" integer NOT NULL,
	"no_cover" boolean NOT NULL,
	"no_isbn" boolean NOT NULL,
	"no_pages" boolean NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "edition_link_counts_rank_idx" ON "edition_link_counts" USING btree ("total" DESC NULLS LAST,"edition_id");--> statement-breakpoint
CREATE INDEX "edition_link_counts_no_cover_idx" ON "edition_link_counts" USING btree ("total" DESC NULLS LAST,"edition_id") WHERE "edition_link_counts"."no_cover";--> statement-breakpoint
CREATE INDEX "edition_link_counts_no_isbn_idx" ON "edition_link_counts" USING btree ("total" DESC NULLS LAST,"edition_id") WHERE "edition_link_counts"."no_isbn";--> statement-breakpoint
CREATE INDEX "edition_link_counts_no_pages_idx" ON "edition_link_counts" USING btree ("total" DESC NULLS LAST,"edition_id") WHERE "edition_link_counts"."no_pages";