CREATE TABLE "marathon_notices" (
	"marathon_id" text NOT NULL,
	"user_id" text NOT NULL,
	"subject" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marathon_notices_marathon_id_user_id_subject_pk" PRIMARY KEY("marathon_id","user_id","subject")
);
--> statement-breakpoint
ALTER TABLE "marathons" ADD COLUMN "cover_key" text;--> statement-breakpoint
ALTER TABLE "marathon_notices" ADD CONSTRAINT "marathon_notices_marathon_id_marathons_id_fk" FOREIGN KEY ("marathon_id") REFERENCES "public"."marathons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marathon_notices" ADD CONSTRAINT "marathon_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marathon_notices_user_idx" ON "marathon_notices" USING btree ("user_id");