ALTER TABLE "user" ADD COLUMN "cashtag" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "paypal_me" text;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_cashtag_format" CHECK ("user"."cashtag" ~ '^[A-Za-z][A-Za-z0-9_]{0,19}$');--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_paypal_me_format" CHECK ("user"."paypal_me" ~ '^[A-Za-z0-9]{1,20}$');