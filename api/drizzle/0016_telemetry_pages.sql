CREATE TABLE "telemetry_clients" (
	"client" varchar(32) NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"remote" varchar(64) NOT NULL,
	"version" varchar(64) NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"error_pages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_clients_pkey" PRIMARY KEY("client","minute","remote","version")
);
--> statement-breakpoint
CREATE TABLE "telemetry_pages" (
	"page" varchar(32) NOT NULL,
	"remote" varchar(64) NOT NULL,
	"version" varchar(64) NOT NULL,
	"counted" smallint DEFAULT 0 NOT NULL,
	"added" smallint DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telemetry_pages_pkey" PRIMARY KEY("page","remote","version")
);
--> statement-breakpoint
CREATE TABLE "telemetry_salts" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"salt" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_unlisted" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"events" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telemetry_minutes" ADD COLUMN "busiest_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_minutes" ADD COLUMN "busiest_error_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "telemetry_clients_minute_idx" ON "telemetry_clients" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "telemetry_pages_seen_at_idx" ON "telemetry_pages" USING btree ("seen_at");