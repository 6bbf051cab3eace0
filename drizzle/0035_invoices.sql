CREATE TABLE "booking_billing_details" (
	"booking_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"tax_id" text,
	"address" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"number" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"kind" text NOT NULL,
	"credited_invoice_id" integer,
	"booking_id" text NOT NULL,
	"source_key" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"settlement" jsonb NOT NULL,
	CONSTRAINT "invoices_source_key_unique" UNIQUE("source_key"),
	CONSTRAINT "invoices_kind_known" CHECK ("invoices"."kind" in ('invoice','credit_note')),
	CONSTRAINT "invoices_credit_note_refers" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credited_invoice_id" is not null)),
	CONSTRAINT "invoices_total_sum" CHECK ("invoices"."total_cents" = "invoices"."net_cents" + "invoices"."tax_cents"),
	CONSTRAINT "invoices_number_positive" CHECK ("invoices"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "legal_address" text;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "booking_billing_details" ADD CONSTRAINT "booking_billing_details_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_hotel_number_idx" ON "invoices" USING btree ("hotel_id","number");--> statement-breakpoint
CREATE INDEX "invoices_hotel_issued_idx" ON "invoices" USING btree ("hotel_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" USING btree ("booking_id");--> statement-breakpoint
-- Issued invoices and credit notes are never changed or removed (decision 056): a correction is a credit note.
CREATE FUNCTION "invoices_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoice % is issued and cannot be changed: issue a credit note instead', OLD.invoice_number
    USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_immutable"();
