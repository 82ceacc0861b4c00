ALTER TABLE "friendship" ADD COLUMN "friend_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "friendship" ADD COLUMN "friend_username" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "friendship" ADD COLUMN "friend_image" text;--> statement-breakpoint
UPDATE "friendship" f SET "friend_name" = u."name", "friend_username" = coalesce(u."display_username", u."username"), "friend_image" = u."image" FROM "user" u WHERE u."id" = f."friend_id";--> statement-breakpoint
CREATE INDEX "friendship_by_name_idx" ON "friendship" USING btree ("user_id","friend_name","friend_id","friend_username","friend_image");--> statement-breakpoint
-- ADR 043: the friend's summary on each friendship row is the database's to keep, whoever writes.
CREATE FUNCTION "friendship_copy_friend"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u."name", coalesce(u."display_username", u."username"), u."image"
    INTO NEW."friend_name", NEW."friend_username", NEW."friend_image"
    FROM "user" u WHERE u."id" = NEW."friend_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "friendship_copy_friend" BEFORE INSERT OR UPDATE OF "friend_id", "friend_name", "friend_username", "friend_image" ON "friendship"
  FOR EACH ROW EXECUTE FUNCTION "friendship_copy_friend"();--> statement-breakpoint
CREATE FUNCTION "user_copy_to_friendships"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "friendship" SET "friend_name" = NEW."name", "friend_username" = coalesce(NEW."display_username", NEW."username"),
    "friend_image" = NEW."image" WHERE "friend_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_copy_to_friendships" AFTER UPDATE OF "name", "username", "display_username", "image" ON "user"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."username" IS DISTINCT FROM NEW."username"
    OR OLD."display_username" IS DISTINCT FROM NEW."display_username" OR OLD."image" IS DISTINCT FROM NEW."image")
  EXECUTE FUNCTION "user_copy_to_friendships"();
