ALTER TABLE "catalog_imports" DROP CONSTRAINT "catalog_imports_curator_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "change_requests" DROP CONSTRAINT "change_requests_requester_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "att_comments" DROP CONSTRAINT "att_comments_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_target_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "catalog_imports" ALTER COLUMN "curator_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "change_requests" ALTER COLUMN "requester_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "att_comments" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "target_author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_curator_id_users_id_fk" FOREIGN KEY ("curator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_comments" ADD CONSTRAINT "att_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_author_id_users_id_fk" FOREIGN KEY ("target_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Existing notifications learn their actor. Follows carry it in data; a comment's is its comment's author.
UPDATE "notifications" AS n SET "actor_id" = u."id" FROM "users" AS u
  WHERE n."actor_id" IS NULL AND n."kind" IN ('follow', 'follow_request') AND u."id" = n."data"->>'followerId';--> statement-breakpoint
UPDATE "notifications" AS n SET "actor_id" = u."id" FROM "users" AS u
  WHERE n."actor_id" IS NULL AND n."kind" = 'follow_approved' AND u."id" = n."data"->>'followeeId';--> statement-breakpoint
UPDATE "notifications" AS n SET "actor_id" = c."author_id" FROM "att_comments" AS c
  WHERE n."actor_id" IS NULL AND n."kind" = 'att_comment' AND c."id" = n."data"->>'commentId';--> statement-breakpoint
-- A reaction names its reader as "@username …": an old name still held by a rename belongs to that reader; a
-- current name counts only for notifications written after its holder's account existed (a freed name taken
-- by someone else never makes them the actor). Anything else stays without an actor.
UPDATE "notifications" AS n SET "actor_id" = r."user_id" FROM "username_redirects" AS r
  WHERE n."actor_id" IS NULL AND n."kind" = 'att_reaction' AND split_part(n."text", ' ', 1) = '@' || r."old_username";--> statement-breakpoint
UPDATE "notifications" AS n SET "actor_id" = u."id" FROM "users" AS u
  WHERE n."actor_id" IS NULL AND n."kind" = 'att_reaction' AND split_part(n."text", ' ', 1) = '@' || u."username" AND n."created_at" >= u."created_at";--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id") WHERE "notifications"."actor_id" IS NOT NULL;