CREATE TABLE "user_limit" (
	"user_id" text PRIMARY KEY NOT NULL,
	"weekly_loss_limit" integer,
	"scheduled_limit" integer,
	"scheduled_at" timestamp with time zone,
	"break_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_limit_positive" CHECK ("user_limit"."weekly_loss_limit" is null or "user_limit"."weekly_loss_limit" >= 1),
	CONSTRAINT "user_limit_scheduled_positive" CHECK ("user_limit"."scheduled_limit" is null or "user_limit"."scheduled_limit" >= 1),
	CONSTRAINT "user_limit_scheduled_needs_time" CHECK ("user_limit"."scheduled_limit" is null or "user_limit"."scheduled_at" is not null),
	CONSTRAINT "user_limit_scheduled_needs_limit" CHECK ("user_limit"."scheduled_at" is null or "user_limit"."weekly_loss_limit" is not null)
);
--> statement-breakpoint
ALTER TABLE "user_limit" ADD CONSTRAINT "user_limit_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_creator_completed_idx" ON "bet" USING btree ("created_by","completed_at") WHERE "bet"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "bet_opponent_completed_idx" ON "bet" USING btree ("opponent_id","completed_at") WHERE "bet"."status" = 'completed';