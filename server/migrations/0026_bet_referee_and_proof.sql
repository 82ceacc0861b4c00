CREATE TABLE "proof_photo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bet_id" uuid,
	"pot_id" uuid,
	"kind" text NOT NULL,
	"added_by" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_photo_one_subject" CHECK (("proof_photo"."bet_id" is null) <> ("proof_photo"."pot_id" is null)),
	CONSTRAINT "proof_photo_kind" CHECK ("proof_photo"."kind" in ('resolution', 'dispute', 'result'))
);
--> statement-breakpoint
ALTER TABLE "bet" DROP CONSTRAINT "bet_resolver_is_party";--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_type";--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "has_referee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "referee_id" text;--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "referee_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "opponent_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proof_photo" ADD CONSTRAINT "proof_photo_bet_id_bet_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_photo" ADD CONSTRAINT "proof_photo_pot_id_pot_id_fk" FOREIGN KEY ("pot_id") REFERENCES "public"."pot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_photo" ADD CONSTRAINT "proof_photo_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proof_photo_bet_idx" ON "proof_photo" USING btree ("bet_id") WHERE "proof_photo"."bet_id" is not null;--> statement-breakpoint
CREATE INDEX "proof_photo_pot_idx" ON "proof_photo" USING btree ("pot_id") WHERE "proof_photo"."pot_id" is not null;--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_referee_id_user_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_referee_idx" ON "bet" USING btree ("referee_id") WHERE "bet"."referee_id" is not null;--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_referee_needs_role" CHECK ("bet"."referee_id" is null or "bet"."has_referee");--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_referee_not_party" CHECK ("bet"."referee_id" is null or "bet"."referee_id" not in ("bet"."created_by", "bet"."opponent_id"));--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_referee_accepted_needs_referee" CHECK ("bet"."referee_accepted_at" is null or "bet"."referee_id" is not null);--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_resolver_is_party" CHECK ("bet"."resolved_by" is null or ("bet"."status" = 'completed' and ("bet"."resolved_by" in ("bet"."created_by", "bet"."opponent_id") or "bet"."resolved_by" = "bet"."referee_id")));--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_type" CHECK (type in ('friend_request_received', 'friend_request_accepted', 'invite_joined', 'invite_added', 'bet_placed', 'challenge_taken', 'challenge_declined', 'bet_accepted', 'bet_declined', 'bet_completed', 'void_requested', 'bet_voided', 'bet_disputed', 'void_kept', 'bet_overdue', 'payment_marked', 'payment_confirmed', 'comment_added', 'settlement_marked', 'settlement_confirmed', 'payment_reminder', 'balance_reminder', 'payment_reminder_auto', 'pot_invited', 'pot_referee_asked', 'pot_cancelled', 'pot_decided', 'pot_payment_marked', 'pot_payment_confirmed', 'pot_joined', 'pot_closed', 'pot_referee_declined', 'pot_disputed', 'pot_dispute_kept', 'pot_dispute_overturned', 'pot_comment_added', 'pot_not_enough', 'bet_referee_asked', 'bet_referee_accepted', 'bet_referee_declined', 'bet_referee_decided'));