CREATE TABLE "hotel_extras" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"pricing" text NOT NULL,
	"price_cents" integer NOT NULL,
	"taxable" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotel_extras_hotel_name" UNIQUE("hotel_id","name"),
	CONSTRAINT "hotel_extras_price_positive" CHECK ("hotel_extras"."price_cents" > 0),
	CONSTRAINT "hotel_extras_kind_known" CHECK ("hotel_extras"."kind" in ('breakfast','parking','airport_transfer','late_checkout','early_checkin','pet','other')),
	CONSTRAINT "hotel_extras_pricing_known" CHECK ("hotel_extras"."pricing" in ('per_stay','per_night','per_person','per_person_per_night'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "charges" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "room_revenue_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "extras_revenue_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "tax_settings" jsonb DEFAULT '{"vat":null,"cityTax":null,"fees":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "hotel_extras" ADD CONSTRAINT "hotel_extras_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hotel_extras_hotel_idx" ON "hotel_extras" USING btree ("hotel_id","sort_order");