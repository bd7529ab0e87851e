CREATE TABLE "telemetry_errors" (
	"remote" varchar(64) NOT NULL,
	"version" varchar(64) NOT NULL,
	"signature" varchar(32) NOT NULL,
	"type" varchar(16) NOT NULL,
	"message" varchar(200) NOT NULL,
	"source" varchar(300) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telemetry_errors_pkey" PRIMARY KEY("remote","version","signature")
);
--> statement-breakpoint
CREATE TABLE "telemetry_minutes" (
	"remote" varchar(64) NOT NULL,
	"version" varchar(64) NOT NULL,
	"channel" varchar(16) NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"error_pages" integer DEFAULT 0 NOT NULL,
	"load_error" integer DEFAULT 0 NOT NULL,
	"render_error" integer DEFAULT 0 NOT NULL,
	"runtime_error" integer DEFAULT 0 NOT NULL,
	"api_error" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_minutes_pkey" PRIMARY KEY("remote","version","channel","minute")
);
--> statement-breakpoint
CREATE TABLE "telemetry_vitals" (
	"remote" varchar(64) NOT NULL,
	"version" varchar(64) NOT NULL,
	"channel" varchar(16) NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"name" varchar(8) NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_vitals_pkey" PRIMARY KEY("remote","version","channel","minute","name","bucket")
);
--> statement-breakpoint
CREATE INDEX "telemetry_errors_remote_last_seen_idx" ON "telemetry_errors" USING btree ("remote","last_seen");--> statement-breakpoint
CREATE INDEX "telemetry_errors_last_seen_idx" ON "telemetry_errors" USING btree ("last_seen");--> statement-breakpoint
CREATE INDEX "telemetry_minutes_remote_minute_idx" ON "telemetry_minutes" USING btree ("remote","minute");--> statement-breakpoint
CREATE INDEX "telemetry_minutes_minute_idx" ON "telemetry_minutes" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "telemetry_vitals_remote_minute_idx" ON "telemetry_vitals" USING btree ("remote","minute");--> statement-breakpoint
CREATE INDEX "telemetry_vitals_minute_idx" ON "telemetry_vitals" USING btree ("minute");