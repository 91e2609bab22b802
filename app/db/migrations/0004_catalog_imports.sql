CREATE TABLE "catalog_import_rows" (
	"import_id" text NOT NULL,
	"line" integer NOT NULL,
	"title" text NOT NULL,
	"isbn13" text,
	"source" jsonb,
	"outcome" text NOT NULL,
	"message" text,
	"edition_id" text,
	CONSTRAINT "catalog_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"curator_id" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"ignored_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalog_import_rows" ADD CONSTRAINT "catalog_import_rows_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_curator_id_users_id_fk" FOREIGN KEY ("curator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_import_rows_outcome_idx" ON "catalog_import_rows" USING btree ("import_id","outcome","line");--> statement-breakpoint
CREATE INDEX "catalog_imports_curator_idx" ON "catalog_imports" USING btree ("curator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_imports_created_idx" ON "catalog_imports" USING btree ("created_at" DESC NULLS LAST);