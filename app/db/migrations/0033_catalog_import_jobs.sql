ALTER TABLE "catalog_imports" ALTER COLUMN "status" SET DEFAULT 'reading';--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "file_text" text;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "file_hash" text;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "to_import" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_imports_file_idx" ON "catalog_imports" USING btree ("curator_id","file_hash");--> statement-breakpoint
UPDATE "catalog_imports" i SET "total" = (SELECT count(*) FROM "catalog_import_rows" r WHERE r."import_id" = i."id");