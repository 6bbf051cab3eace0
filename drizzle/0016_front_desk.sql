ALTER TABLE "bookings" ADD COLUMN "stay_status" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_check_out" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "created_by_staff_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pay_at_hotel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_due_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_staff_id_users_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_hotel_check_in_idx" ON "bookings" USING btree ("hotel_id","check_in");--> statement-breakpoint
CREATE INDEX "bookings_hotel_check_out_idx" ON "bookings" USING btree ("hotel_id","check_out");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_stay_status_known" CHECK ("bookings"."stay_status" is null or "bookings"."stay_status" in ('checked_in','checked_out','no_show'));