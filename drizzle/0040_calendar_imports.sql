CREATE TABLE "calendar_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	"uid" text NOT NULL,
	"recurrence_id" text DEFAULT '' NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"rooms" integer DEFAULT 1 NOT NULL,
	"state" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"conflict_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_blocks_event" UNIQUE("import_id","uid","recurrence_id"),
	CONSTRAINT "calendar_blocks_state" CHECK ("calendar_blocks"."state" in ('blocked', 'conflict')),
	CONSTRAINT "calendar_blocks_nights" CHECK ("calendar_blocks"."check_out" > "calendar_blocks"."check_in"),
	CONSTRAINT "calendar_blocks_rooms" CHECK ("calendar_blocks"."rooms" > 0)
);
--> statement-breakpoint
CREATE TABLE "calendar_import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"http_status" integer,
	"events" integer,
	"added" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"moved" integer DEFAULT 0 NOT NULL,
	"conflicts" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "calendar_import_runs_status" CHECK ("calendar_import_runs"."status" in ('ok', 'not_modified', 'error'))
);
--> statement-breakpoint
CREATE TABLE "calendar_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"interval_minutes" integer DEFAULT 15 NOT NULL,
	"etag" text,
	"last_modified" text,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetch_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"event_count" integer,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_imports_room_type_url" UNIQUE("room_type_id","url"),
	CONSTRAINT "calendar_imports_interval" CHECK ("calendar_imports"."interval_minutes" between 5 and 1440),
	CONSTRAINT "calendar_imports_last_status" CHECK ("calendar_imports"."last_status" is null or "calendar_imports"."last_status" in ('ok', 'not_modified', 'error'))
);
--> statement-breakpoint
ALTER TABLE "calendar_blocks" ADD CONSTRAINT "calendar_blocks_import_id_calendar_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."calendar_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_blocks" ADD CONSTRAINT "calendar_blocks_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_import_runs" ADD CONSTRAINT "calendar_import_runs_import_id_calendar_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."calendar_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD CONSTRAINT "calendar_imports_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD CONSTRAINT "calendar_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_blocks_room_type_idx" ON "calendar_blocks" USING btree ("room_type_id","check_in");--> statement-breakpoint
CREATE INDEX "calendar_import_runs_import_idx" ON "calendar_import_runs" USING btree ("import_id","id");--> statement-breakpoint
CREATE INDEX "calendar_imports_due_idx" ON "calendar_imports" USING btree ("enabled","next_fetch_at");