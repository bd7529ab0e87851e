CREATE TABLE "digest_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"local_day" date NOT NULL,
	"state" varchar(8) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "digest_mails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"recipient" varchar(255) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"headers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "digest_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"hour" smallint NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"reported_until" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_articles" ADD COLUMN "max_stock" bigint;--> statement-breakpoint
ALTER TABLE "digest_jobs" ADD CONSTRAINT "digest_jobs_subscription_id_digest_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."digest_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_subscriptions" ADD CONSTRAINT "digest_subscriptions_membership_fk" FOREIGN KEY ("user_id","warehouse_id") REFERENCES "public"."memberships"("user_id","warehouse_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "digest_jobs_subscription_day_unique" ON "digest_jobs" USING btree ("subscription_id","local_day");--> statement-breakpoint
CREATE INDEX "digest_jobs_pending_idx" ON "digest_jobs" USING btree ("id") WHERE "digest_jobs"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "digest_mails_job_unique" ON "digest_mails" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "digest_mails_unsent_idx" ON "digest_mails" USING btree ("id") WHERE "digest_mails"."sent_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "digest_subscriptions_user_warehouse_unique" ON "digest_subscriptions" USING btree ("user_id","warehouse_id");--> statement-breakpoint
ALTER TABLE "stock_articles" ADD CONSTRAINT "stock_articles_max_stock_at_least_min" CHECK ("stock_articles"."max_stock" IS NULL OR "stock_articles"."max_stock" >= "stock_articles"."min_stock");