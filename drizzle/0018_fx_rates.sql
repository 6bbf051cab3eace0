CREATE TABLE "fx_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"rate_micros" bigint NOT NULL,
	"source" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_currency_code" CHECK ("fx_rates"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "fx_rates_rate_positive" CHECK ("fx_rates"."rate_micros" > 0),
	CONSTRAINT "fx_rates_source" CHECK ("fx_rates"."source" in ('manual', 'feed'))
);
--> statement-breakpoint
-- Demo rates (late 2025, rounded), marked demo until an admin or the FX_RATES_URL feed replaces them.
INSERT INTO "fx_rates" ("currency", "rate_micros", "source", "demo") VALUES
	('EUR', 920000, 'manual', true),
	('GBP', 790000, 'manual', true),
	('JPY', 151500000, 'manual', true),
	('CAD', 1370000, 'manual', true),
	('AUD', 1520000, 'manual', true),
	('CHF', 880000, 'manual', true);
