ALTER TABLE "bookings" ADD COLUMN "supplier_hotel_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_room_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_environment" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_price_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_state" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplier_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "free_cancellation_days" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" text;--> statement-breakpoint
CREATE INDEX "bookings_supplier_open_idx" ON "bookings" USING btree ("updated_at") WHERE "bookings"."supplier_state" in ('booking','unknown');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_supplier_state_known" CHECK ("bookings"."supplier_state" is null or "bookings"."supplier_state" in ('priced','booking','booked','failed','unknown','cancelled'));