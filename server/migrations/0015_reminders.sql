ALTER TABLE "notification" DROP CONSTRAINT "notification_type";--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "auto_reminders_sent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "bet_reminder_due_idx" ON "bet" USING btree ("completed_at") WHERE "bet"."status" = 'completed' and not "bet"."payment_sent" and "bet"."auto_reminders_sent" < 3;--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_auto_reminders_range" CHECK ("bet"."auto_reminders_sent" between 0 and 3);--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_type" CHECK (type in ('friend_request_received', 'friend_request_accepted', 'invite_joined', 'invite_added', 'bet_placed', 'challenge_taken', 'challenge_declined', 'bet_accepted', 'bet_declined', 'bet_completed', 'void_requested', 'bet_voided', 'bet_disputed', 'void_kept', 'bet_overdue', 'payment_marked', 'payment_confirmed', 'comment_added', 'settlement_marked', 'settlement_confirmed', 'payment_reminder', 'balance_reminder', 'payment_reminder_auto'));--> statement-breakpoint
-- Unpaid bets whose whole automatic schedule (3, 10 and 17 days after resolution) ended before reminders
-- existed get none: old debts are not all nagged about at once on the first start (ADR 028).
UPDATE "bet" SET "auto_reminders_sent" = 3 WHERE "status" = 'completed' AND NOT "payment_sent" AND "completed_at" < now() - interval '17 days';
