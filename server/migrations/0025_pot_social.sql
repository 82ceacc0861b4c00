CREATE TABLE "pot_comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pot_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pot_comment_text_length" CHECK (char_length("pot_comment"."text") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "pot_like" (
	"pot_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pot_like_pot_id_user_id_pk" PRIMARY KEY("pot_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_type";--> statement-breakpoint
DROP INDEX "pot_referee_idx";--> statement-breakpoint
ALTER TABLE "pot_comment" ADD CONSTRAINT "pot_comment_pot_id_pot_id_fk" FOREIGN KEY ("pot_id") REFERENCES "public"."pot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_comment" ADD CONSTRAINT "pot_comment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_like" ADD CONSTRAINT "pot_like_pot_id_pot_id_fk" FOREIGN KEY ("pot_id") REFERENCES "public"."pot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_like" ADD CONSTRAINT "pot_like_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pot_comment_pot_idx" ON "pot_comment" USING btree ("pot_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pot_comment_user_idx" ON "pot_comment" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pot_like_user_idx" ON "pot_like" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pot_open_closes_idx" ON "pot" USING btree ("closes_at") WHERE "pot"."status" = 'open' and "pot"."closes_at" is not null;--> statement-breakpoint
CREATE INDEX "pot_referee_idx" ON "pot" USING btree ("referee_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "pot"."referee_id" is not null;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_type" CHECK (type in ('friend_request_received', 'friend_request_accepted', 'invite_joined', 'invite_added', 'bet_placed', 'challenge_taken', 'challenge_declined', 'bet_accepted', 'bet_declined', 'bet_completed', 'void_requested', 'bet_voided', 'bet_disputed', 'void_kept', 'bet_overdue', 'payment_marked', 'payment_confirmed', 'comment_added', 'settlement_marked', 'settlement_confirmed', 'payment_reminder', 'balance_reminder', 'payment_reminder_auto', 'pot_invited', 'pot_referee_asked', 'pot_cancelled', 'pot_decided', 'pot_payment_marked', 'pot_payment_confirmed', 'pot_joined', 'pot_closed', 'pot_referee_declined', 'pot_disputed', 'pot_dispute_kept', 'pot_dispute_overturned', 'pot_comment_added', 'pot_not_enough'));