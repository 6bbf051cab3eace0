CREATE TABLE "promo_code_uses" (
	"booking_id" text PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"user_id" text,
	"guest_email" text NOT NULL,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer,
	"code" text NOT NULL,
	"discount_kind" text NOT NULL,
	"discount_value" integer NOT NULL,
	"currency" text,
	"booking_from" date,
	"booking_to" date,
	"stay_from" date,
	"stay_to" date,
	"min_nights" integer,
	"uses_limit" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"per_guest_limit" integer,
	"rate_plan_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_discount_kind_known" CHECK ("promo_codes"."discount_kind" in ('percent','amount')),
	CONSTRAINT "promo_codes_discount_value" CHECK ("promo_codes"."discount_value" >= 1 and ("promo_codes"."discount_kind" <> 'percent' or "promo_codes"."discount_value" <= 100)),
	CONSTRAINT "promo_codes_amount_currency" CHECK (("promo_codes"."discount_kind" = 'amount') = ("promo_codes"."currency" is not null)),
	CONSTRAINT "promo_codes_uses_within_limit" CHECK ("promo_codes"."uses_count" >= 0 and ("promo_codes"."uses_limit" is null or "promo_codes"."uses_count" <= "promo_codes"."uses_limit"))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "member_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_uses_code_user_idx" ON "promo_code_uses" USING btree ("promo_code_id","user_id");--> statement-breakpoint
CREATE INDEX "promo_code_uses_code_email_idx" ON "promo_code_uses" USING btree ("promo_code_id","guest_email");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_scope_code_idx" ON "promo_codes" USING btree (coalesce("hotel_id", 0),lower("code"));