CREATE TABLE "bet_counter" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bet_id" uuid NOT NULL,
	"by_id" text NOT NULL,
	"creator_stake" integer NOT NULL,
	"opponent_stake" integer NOT NULL,
	"note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bet_counter_stakes_range" CHECK ("bet_counter"."creator_stake" between 1 and 10000 and "bet_counter"."opponent_stake" between 1 and 10000),
	CONSTRAINT "bet_counter_note_length" CHECK (char_length("bet_counter"."note") between 1 and 280)
);
--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_type";--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "creator_stake" integer;--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "opponent_stake" integer;--> statement-breakpoint
-- Every existing bet is even: both stakes are its amount (ADR 062).
UPDATE "bet" SET "creator_stake" = "amount", "opponent_stake" = "amount";--> statement-breakpoint
ALTER TABLE "bet" ALTER COLUMN "creator_stake" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bet" ALTER COLUMN "opponent_stake" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "counter_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_counter" ADD CONSTRAINT "bet_counter_bet_id_bet_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_counter" ADD CONSTRAINT "bet_counter_by_id_user_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_counter_bet_idx" ON "bet_counter" USING btree ("bet_id","created_at");--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_stakes_range" CHECK ("bet"."creator_stake" between 1 and 10000 and "bet"."opponent_stake" between 1 and 10000);--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_amount_is_creator_stake" CHECK ("bet"."amount" = "bet"."creator_stake");--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_counter_count_range" CHECK ("bet"."counter_count" between 0 and 5);--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_type" CHECK (type in ('friend_request_received', 'friend_request_accepted', 'invite_joined', 'invite_added', 'bet_placed', 'bet_countered', 'challenge_taken', 'challenge_declined', 'bet_accepted', 'bet_declined', 'bet_completed', 'void_requested', 'bet_voided', 'bet_disputed', 'void_kept', 'bet_overdue', 'payment_marked', 'payment_confirmed', 'comment_added', 'settlement_marked', 'settlement_confirmed', 'payment_reminder', 'balance_reminder', 'payment_reminder_auto', 'pot_invited', 'pot_referee_asked', 'pot_cancelled', 'pot_decided', 'pot_payment_marked', 'pot_payment_confirmed', 'pot_joined', 'pot_closed', 'pot_referee_declined', 'pot_disputed', 'pot_dispute_kept', 'pot_dispute_overturned', 'pot_comment_added', 'pot_not_enough', 'bet_referee_asked', 'bet_referee_accepted', 'bet_referee_declined', 'bet_referee_decided'));