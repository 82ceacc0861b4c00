ALTER TABLE "notification" DROP CONSTRAINT "notification_type";--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "resolve_by" date;--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "overdue_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_overdue_due_idx" ON "bet" USING btree ("resolve_by") WHERE "bet"."status" = 'active' and "bet"."resolve_by" is not null and "bet"."overdue_notified_at" is null;--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_resolution_iff_resolver" CHECK (("bet"."resolved_by" is null) = ("bet"."resolution" is null));--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_resolution_value" CHECK ("bet"."resolution" is null or "bet"."resolution" in ('won', 'lost'));--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_resolver_is_party" CHECK ("bet"."resolved_by" is null or ("bet"."status" = 'completed' and "bet"."resolved_by" in ("bet"."created_by", "bet"."opponent_id")));--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_dispute_reason_needs_dispute" CHECK ("bet"."dispute_reason" is null or "bet"."disputed_at" is not null);--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_dispute_reason_length" CHECK (char_length("bet"."dispute_reason") <= 280);--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_type" CHECK (type in ('friend_request_received', 'friend_request_accepted', 'invite_joined', 'invite_added', 'bet_placed', 'challenge_taken', 'challenge_declined', 'bet_accepted', 'bet_declined', 'bet_completed', 'void_requested', 'bet_voided', 'bet_disputed', 'void_kept', 'bet_overdue', 'payment_marked', 'payment_confirmed', 'comment_added'));