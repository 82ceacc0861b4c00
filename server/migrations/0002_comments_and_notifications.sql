CREATE TABLE "comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bet_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_text_length" CHECK (char_length("comment"."text") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"bet_id" uuid,
	"actor_id" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_type" CHECK ("notification"."type" in ('bet_accepted', 'bet_completed', 'payment_marked', 'payment_confirmed'))
);
--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_bet_id_bet_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_bet_id_bet_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_bet_idx" ON "comment" USING btree ("bet_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("user_id") WHERE not "notification"."is_read";--> statement-breakpoint
CREATE INDEX "bet_creator_open_idx" ON "bet" USING btree ("created_by") WHERE not "bet"."payment_confirmed";--> statement-breakpoint
CREATE INDEX "bet_opponent_open_idx" ON "bet" USING btree ("opponent_id") WHERE not "bet"."payment_confirmed";--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_acceptance_comment_id_comment_id_fk" FOREIGN KEY ("acceptance_comment_id") REFERENCES "public"."comment"("id") ON DELETE set null ON UPDATE no action;
