CREATE TABLE "background_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"booking_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text NOT NULL,
	"first_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "holder_visitor" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "holder_address" text;--> statement-breakpoint
ALTER TABLE "background_failures" ADD CONSTRAINT "background_failures_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulated_refunds" ADD CONSTRAINT "simulated_refunds_payment_id_simulated_payment_intents_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."simulated_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "background_failures_job_booking_idx" ON "background_failures" USING btree ("job","booking_id");--> statement-breakpoint
CREATE INDEX "bookings_pending_by_visitor_idx" ON "bookings" USING btree ("holder_visitor") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bookings_pending_by_address_idx" ON "bookings" USING btree ("holder_address") WHERE "bookings"."status" = 'pending';