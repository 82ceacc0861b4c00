CREATE TABLE "pot_dispute_vote" (
	"pot_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"overturn" boolean NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pot_dispute_vote_pot_id_user_id_pk" PRIMARY KEY("pot_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_type";--> statement-breakpoint
ALTER TABLE "pot" DROP CONSTRAINT "pot_decided_iff_outcome";--> statement-breakpoint
ALTER TABLE "pot_invite" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pot" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pot" ADD COLUMN "disputed_by" text;--> statement-breakpoint
ALTER TABLE "pot" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "pot_dispute_vote" ADD CONSTRAINT "pot_dispute_vote_pot_id_pot_id_fk" FOREIGN KEY ("pot_id") REFERENCES "public"."pot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_dispute_vote" ADD CONSTRAINT "pot_dispute_vote_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot" ADD CONSTRAINT "pot_disputed_by_user_id_fk" FOREIGN KEY ("disputed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_type" CHECK (type in ('friend_request_received', 'friend_request_accepted', 'invite_joined', 'invite_added', 'bet_placed', 'challenge_taken', 'challenge_declined', 'bet_accepted', 'bet_declined', 'bet_completed', 'void_requested', 'bet_voided', 'bet_disputed', 'void_kept', 'bet_overdue', 'payment_marked', 'payment_confirmed', 'comment_added', 'settlement_marked', 'settlement_confirmed', 'payment_reminder', 'balance_reminder', 'payment_reminder_auto', 'pot_invited', 'pot_referee_asked', 'pot_cancelled', 'pot_decided', 'pot_payment_marked', 'pot_payment_confirmed', 'pot_joined', 'pot_closed', 'pot_referee_declined', 'pot_disputed', 'pot_dispute_kept', 'pot_dispute_overturned'));--> statement-breakpoint
ALTER TABLE "pot" ADD CONSTRAINT "pot_dispute_reason_length" CHECK ("pot"."dispute_reason" is null or char_length("pot"."dispute_reason") <= 280);--> statement-breakpoint
ALTER TABLE "pot" ADD CONSTRAINT "pot_decided_iff_outcome" CHECK (("pot"."status" in ('decided', 'disputed')) = ("pot"."outcome" is not null and "pot"."decided_at" is not null));