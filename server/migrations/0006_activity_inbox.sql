ALTER TABLE "notification" DROP CONSTRAINT "notification_type";--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_bet_id_bet_id_fk";
--> statement-breakpoint
ALTER TABLE "notification" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notification" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Existing rows (the spec's four types) get the snapshot new rows carry, so they render the same way.
UPDATE "notification" AS n SET "data" = jsonb_strip_nulls(jsonb_build_object('description', b."description", 'amount', b."amount", 'winnerId', b."winner_id")) FROM "bet" AS b WHERE b."id" = n."bet_id";--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_bet_id_bet_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bet"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_inbox_idx" ON "notification" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_type" CHECK (type in ('friend_request_received', 'friend_request_accepted', 'invite_joined', 'invite_added', 'bet_placed', 'challenge_taken', 'challenge_declined', 'bet_accepted', 'bet_declined', 'bet_completed', 'void_requested', 'bet_voided', 'payment_marked', 'payment_confirmed', 'comment_added'));