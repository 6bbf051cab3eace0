CREATE TABLE "job_rounds" (
	"job" text PRIMARY KEY NOT NULL,
	"round_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"holder" text NOT NULL
);
