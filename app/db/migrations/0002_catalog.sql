CREATE TABLE "affiliate_clicks" (
	"id" text PRIMARY KEY NOT NULL,
	"asin" text NOT NULL,
	"edition_id" text,
	"user_id" text,
	"referrer_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "authors" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sort_name" text NOT NULL,
	"nationality" text,
	"birth_year" integer,
	"death_year" integer,
	"bio" text,
	"photo_url" text,
	"other_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_redirects" (
	"kind" text NOT NULL,
	"from_id" text NOT NULL,
	"to_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_redirects_kind_from_id_pk" PRIMARY KEY("kind","from_id")
);
--> statement-breakpoint
CREATE TABLE "collection_members" (
	"collection_id" text NOT NULL,
	"edition_id" text NOT NULL,
	"position" double precision,
	CONSTRAINT "collection_members_collection_id_edition_id_pk" PRIMARY KEY("collection_id","edition_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'series' NOT NULL,
	"publisher" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edition_contributors" (
	"edition_id" text NOT NULL,
	"author_id" text NOT NULL,
	"role" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "edition_contributors_edition_id_author_id_role_pk" PRIMARY KEY("edition_id","author_id","role")
);
--> statement-breakpoint
CREATE TABLE "editions" (
	"id" text PRIMARY KEY NOT NULL,
	"work_id" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"isbn13" text,
	"isbn10" text,
	"asin" text,
	"publisher" text,
	"publication_date" text,
	"pages" integer,
	"audio_minutes" integer,
	"format" text DEFAULT 'brochura' NOT NULL,
	"language" text DEFAULT 'pt' NOT NULL,
	"cover_url" text,
	"readers_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_authors" (
	"work_id" text NOT NULL,
	"author_id" text NOT NULL,
	"role" text DEFAULT 'author' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "work_authors_work_id_author_id_role_pk" PRIMARY KEY("work_id","author_id","role")
);
--> statement-breakpoint
CREATE TABLE "works" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"original_title" text,
	"original_language" text,
	"first_published_year" integer,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"synopsis" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_members" ADD CONSTRAINT "collection_members_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_members" ADD CONSTRAINT "collection_members_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_contributors" ADD CONSTRAINT "edition_contributors_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_contributors" ADD CONSTRAINT "edition_contributors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_authors" ADD CONSTRAINT "work_authors_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_authors" ADD CONSTRAINT "work_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_clicks_edition_idx" ON "affiliate_clicks" USING btree ("edition_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "authors_slug_key" ON "authors" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "authors_name_trgm_idx" ON "authors" USING gin (immutable_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "collection_members_edition_idx" ON "collection_members" USING btree ("edition_id");--> statement-breakpoint
CREATE INDEX "collections_name_trgm_idx" ON "collections" USING gin (immutable_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "edition_contributors_author_idx" ON "edition_contributors" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "editions_isbn13_key" ON "editions" USING btree ("isbn13");--> statement-breakpoint
CREATE INDEX "editions_isbn10_idx" ON "editions" USING btree ("isbn10");--> statement-breakpoint
CREATE INDEX "editions_asin_idx" ON "editions" USING btree ("asin");--> statement-breakpoint
CREATE INDEX "editions_work_idx" ON "editions" USING btree ("work_id");--> statement-breakpoint
CREATE INDEX "editions_readers_idx" ON "editions" USING btree ("readers_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "editions_created_idx" ON "editions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "editions_search_vector_idx" ON "editions" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "editions_search_text_trgm_idx" ON "editions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_authors_author_idx" ON "work_authors" USING btree ("author_id");