ALTER TABLE "bookings" ADD COLUMN "child_ages" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "child_charge_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "children_free_under_age" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "child_rate_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_children_free_under_age_range" CHECK ("hotels"."children_free_under_age" between 0 and 18);--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_child_rate_not_negative" CHECK ("hotels"."child_rate_cents" >= 0);--> statement-breakpoint
-- num_guests now counts everyone; bookings made before held the adults only.
UPDATE "bookings" SET "num_guests" = "num_guests" + "num_children" WHERE "num_children" > 0;
