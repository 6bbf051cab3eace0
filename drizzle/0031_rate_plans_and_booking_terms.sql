CREATE TABLE "cancellation_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" text NOT NULL,
	"terms" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellation_policies_hotel_name" UNIQUE("hotel_id","name")
);
--> statement-breakpoint
CREATE TABLE "rate_plan_prices" (
	"rate_plan_id" integer NOT NULL,
	"night" date NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "rate_plan_prices_rate_plan_id_night_pk" PRIMARY KEY("rate_plan_id","night"),
	CONSTRAINT "rate_plan_prices_positive" CHECK ("rate_plan_prices"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "rate_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_type_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_rule_kind" text DEFAULT 'percent' NOT NULL,
	"price_rule_value" integer DEFAULT 0 NOT NULL,
	"meal_plan" text DEFAULT 'room_only' NOT NULL,
	"inclusions" text[] DEFAULT '{}'::text[] NOT NULL,
	"cancellation_policy_id" integer NOT NULL,
	"payment_timing" text DEFAULT 'pay_now' NOT NULL,
	"deposit_percent" integer,
	"min_stay" integer,
	"min_advance_days" integer,
	"max_advance_days" integer,
	"closed_dates" date[] DEFAULT '{}'::date[] NOT NULL,
	"member_prices" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_plans_room_type_name" UNIQUE("room_type_id","name"),
	CONSTRAINT "rate_plans_price_rule_kind_known" CHECK ("rate_plans"."price_rule_kind" in ('percent','amount','own')),
	CONSTRAINT "rate_plans_meal_plan_known" CHECK ("rate_plans"."meal_plan" in ('room_only','breakfast','half_board','full_board')),
	CONSTRAINT "rate_plans_payment_timing_known" CHECK ("rate_plans"."payment_timing" in ('pay_now','pay_at_hotel','deposit')),
	CONSTRAINT "rate_plans_deposit_percent" CHECK (("rate_plans"."payment_timing" = 'deposit') = ("rate_plans"."deposit_percent" is not null) and ("rate_plans"."deposit_percent" is null or "rate_plans"."deposit_percent" between 1 and 99))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "source" text DEFAULT 'website' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "source_detail" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rate_plan_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rate_plan_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "meal_plan" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "inclusions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_schedule" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_timing" text DEFAULT 'pay_now' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "amount_due_now_cents" integer;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "cancellation_policies" ADD CONSTRAINT "cancellation_policies_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plan_prices" ADD CONSTRAINT "rate_plan_prices_rate_plan_id_rate_plans_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_cancellation_policy_id_cancellation_policies_id_fk" FOREIGN KEY ("cancellation_policy_id") REFERENCES "public"."cancellation_policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_plans_room_type_idx" ON "rate_plans" USING btree ("room_type_id","sort_order");--> statement-breakpoint
CREATE INDEX "rate_plans_hotel_idx" ON "rate_plans" USING btree ("hotel_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_rate_plan_id_rate_plans_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Bookings made before sources were recorded: the front desk's by phone, the wholesaler's as partner.
UPDATE "bookings" SET "source" = 'partner' WHERE "supplier" <> 'inventory';--> statement-breakpoint
UPDATE "bookings" SET "source" = 'phone' WHERE "created_by_staff_id" IS NOT NULL AND "supplier" = 'inventory';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_source_known" CHECK ("bookings"."source" in ('website','phone','channel','calendar','partner'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_timing_known" CHECK ("bookings"."payment_timing" in ('pay_now','pay_at_hotel','deposit'));