CREATE TABLE "reader_import_rows" (
	"import_id" text NOT NULL,
	"line" integer NOT NULL,
	"outcome" text NOT NULL,
	"edition_id" text,
	"data" jsonb NOT NULL,
	"reason" text,
	"applied" boolean DEFAULT false NOT NULL,
	"added" boolean DEFAULT false NOT NULL,
	CONSTRAINT "reader_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line"),
	CONSTRAINT "reader_import_rows_failed_check" CHECK (("reader_import_rows"."outcome" = 'failed') = ("reader_import_rows"."reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "reader_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"file_text" text,
	"mapping" jsonb NOT NULL,
	"header" jsonb NOT NULL,
	"date_order" text NOT NULL,
	"date_order_detected" boolean NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"total" integer NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "pending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shelf_entries" ADD COLUMN "undated_readings" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reader_import_rows" ADD CONSTRAINT "reader_import_rows_import_id_reader_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."reader_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_import_rows" ADD CONSTRAINT "reader_import_rows_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_imports" ADD CONSTRAINT "reader_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reader_import_rows_pending_idx" ON "reader_import_rows" USING btree ("import_id","line") WHERE NOT "reader_import_rows"."applied";--> statement-breakpoint
CREATE INDEX "reader_imports_user_created_idx" ON "reader_imports" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "editions_folded_title_trgm_idx" ON "editions" USING gin (btrim(regexp_replace(immutable_unaccent(lower("title")), '[^a-z0-9]+', ' ', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "editions_pending_idx" ON "editions" USING btree ("pending_since") WHERE "editions"."pending_since" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "shelf_entries" ADD CONSTRAINT "shelf_entries_undated_check" CHECK ("shelf_entries"."undated_readings" BETWEEN 0 AND 500);