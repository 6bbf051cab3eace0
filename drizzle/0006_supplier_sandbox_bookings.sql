CREATE TABLE "supplier_sandbox_bookings" (
	"booking_number" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_sandbox_bookings_booking_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 7000001 CACHE 1),
	"your_ref" text NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_type_name" text NOT NULL,
	"meal_id" integer NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"price_cents" integer NOT NULL,
	"guests" jsonb NOT NULL,
	"email" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "supplier_sandbox_bookings_your_ref_idx" ON "supplier_sandbox_bookings" USING btree ("your_ref");