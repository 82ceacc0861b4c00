CREATE TABLE "mail_throttle" (
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"released" integer DEFAULT 0 NOT NULL,
	"sending" boolean DEFAULT true NOT NULL,
	CONSTRAINT "mail_throttle_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_throttle" ADD CONSTRAINT "mail_throttle_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_throttle_held_idx" ON "mail_throttle" USING btree ("last_sent_at") WHERE "mail_throttle"."held" > 0;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("priority","next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null;