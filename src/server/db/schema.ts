/**
 * The one database schema, for PGlite and PostgreSQL alike. Money is integer cents, stay dates are
 * SQL `date` (a stay occupies the nights [check_in, check_out)), instants are `timestamptz`.
 */
import { sql } from "drizzle-orm";
import type { FxRateSource } from "../../shared/fx.ts";
import { PROPERTY_TYPES, type PropertyType } from "../../shared/property-types.ts";
import type { CancellationSchedule, PolicyTerms } from "../../shared/cancellation-policies.ts";
import type { MealPlan, PaymentTiming, PlanInclusion, PriceRuleKind } from "../../shared/rate-plans.ts";
import type { InvoiceKind, InvoiceLine, InvoiceParty, InvoiceSettlement } from "../../shared/invoices.ts";
import type { PriceBreakdown } from "../../shared/charges.ts";
import type { ExtraKind, ExtraPricing } from "../../shared/extras.ts";
import type { TaxSettings } from "../../shared/taxes.ts";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------
// Accounts (better-auth tables; `users` is the spec's "user profile")
// ---------------------------------------------------------------------------

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /**
   * 'admin' grants the back office, 'manager' the hotels of hotel_managers, 'front_desk' only the
   * front desk of its hotel_managers rows (decision 064); any other value is an ordinary user.
   */
  role: text("role").notNull().default("user"),
  banned: boolean("banned").notNull().default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    /** When this session passed the second factor (sign-in with a code, or enrolment in it); null: never. */
    twoFactorVerifiedAt: timestamp("two_factor_verified_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** better-auth's two-factor plugin: the TOTP secret and the unused backup codes, both encrypted. */
export const twoFactors = pgTable("two_factors", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  backupCodes: text("backup_codes").notNull(),
  /** False between enable and the first correct code: an unconfirmed secret does not guard sign-in. */
  verified: boolean("verified").notNull().default(true),
  failedVerificationCount: integer("failed_verification_count").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  /** The 30-second step of the last accepted authenticator code: a code is accepted once (ASVS 6.5.1). */
  lastUsedStep: integer("last_used_step"),
});

/** Fixed-window request counters shared by every app instance (sign-in, reset requests). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

export const roleChanges = pgTable(
  "role_changes",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull(),
    previousRole: text("previous_role").notNull(),
    newRole: text("new_role").notNull(),
    changedById: text("changed_by_id"),
    changedByEmail: text("changed_by_email"),
    reason: text("reason"),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("role_changes_changed_at_idx").on(t.changedAt)],
);

export const activityLogs = pgTable(
  "activity_logs",
  {
    id: serial("id").primaryKey(),
    createdAt: createdAt(),
    actionType: text("action_type").notNull(),
    userId: text("user_id"),
    /** Blank means the system acted. */
    userEmail: text("user_email"),
    targetUserEmail: text("target_user_email"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text("ip_address"),
    requestId: text("request_id"),
  },
  (t) => [index("activity_logs_created_at_idx").on(t.createdAt), index("activity_logs_action_type_idx").on(t.actionType, t.createdAt)],
);

// ---------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------

export const hotels = pgTable(
  "hotels",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Street address shown as the hotel's location. */
    location: text("location").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull(),
    countryCode: text("country_code").notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    /** Guest rating 0–5, one decimal; recomputed from approved reviews once a hotel has any. */
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    starRating: integer("star_rating").notNull(),
    /** Lowest nightly price of the hotel's room types (cents), kept for list sorting. */
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
    currency: text("currency").notNull().default("USD"),
    image: text("image").notNull(),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    amenities: text("amenities")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text("description"),
    distanceFromCenterKm: real("distance_from_center_km").notNull(),
    cancellationPolicy: text("cancellation_policy").notNull(),
    /** Days before check-in until which a cancellation is refunded in full; 0 = non-refundable. */
    freeCancellationDays: integer("free_cancellation_days").notNull().default(0),
    /** Hotel, apartment, resort, guest house or hostel (src/shared/property-types.ts). */
    propertyType: text("property_type").$type<PropertyType>().notNull().default("hotel"),
    /** Children under this age stay free; older children pay child_rate_cents a night each (decision 027). */
    childrenFreeUnderAge: integer("children_free_under_age").notNull().default(12),
    /** Per child per night, in cents; 0 (the default) = every child stays free. */
    childRateCents: integer("child_rate_cents").notNull().default(0),
    /** Local times (HH:MM) from which guests check in and by which they check out. */
    checkInTime: text("check_in_time").notNull().default("15:00"),
    checkOutTime: text("check_out_time").notNull().default("11:00"),
    /** The hotel's IANA time zone: cancellation deadlines are instants at 23:59 local time (decision 049). */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** The seller on the hotel's invoices (decision 056); null: the hotel's name and address are printed. */
    legalName: text("legal_name"),
    legalAddress: text("legal_address"),
    taxId: text("tax_id"),
    /** VAT, city tax and fixed fees (shared/taxes.ts, decision 059); the default charges nothing beside the prices. */
    taxSettings: jsonb("tax_settings")
      .$type<TaxSettings>()
      .notNull()
      .default(sql`'{"vat":null,"cityTax":null,"fees":[]}'::jsonb`),
    /**
     * Hidden from travellers (search, suggestions, hotel page, booking) while staff still edit it.
     * A hidden hotel's room_offers is empty (migration 0017), so the index-only search sells nothing of it.
     */
    hidden: boolean("hidden").notNull().default(false),
    breakfast: boolean("breakfast").notNull().default(false),
    wifi: boolean("wifi").notNull().default(false),
    parking: boolean("parking").notNull().default(false),
    pool: boolean("pool").notNull().default(false),
    gym: boolean("gym").notNull().default(false),
    spa: boolean("spa").notNull().default(false),
    /** Lower-cased, accent-free "name city country" for destination search (trigram indexed). */
    searchText: text("search_text").generatedAlwaysAs(sql`f_unaccent(lower(name || ' ' || city || ' ' || country))`),
    /** The `bit` of each filter amenity whose canonical label the hotel has (src/shared/amenities.ts): amenity filters without the row. */
    amenityMask: integer("amenity_mask").generatedAlwaysAs(sql`f_amenity_mask(amenities)`),
    /**
     * The hotel's room types for search, cheapest first, five integers each: id, max_guests,
     * price_cents, total_rooms, original_price_cents. Kept by triggers on room_types (migration
     * 0003); carried in the city sort indexes so a search prices hotels without reading room_types.
     */
    roomOffers: integer("room_offers")
      .array()
      .$type<(number | null)[]>()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /**
     * Some room type of the hotel has active rate plans and none of them sells every stay (each has
     * a minimum stay above one night, a booking window or closed dates): search must read its plans
     * to count it. Kept with room_offers by f_refresh_room_plan_offers (migration 0046, decision
     * 081) and carried in the city sort indexes beside it; never false while it should be true.
     */
    plansRestricted: boolean("plans_restricted").notNull().default(false),
    /**
     * Every open room type of the hotel sells any stay the calendar sells at its room_offers floor:
     * no rate rule, and either no active plan or an open plan (one that sells every stay from today
     * on) priced at the floor, never one with prices of its own. Search then rules out the hotel's
     * rooms against a price filter from the floor, without reading their plans. Kept with room_offers
     * by the room_types and rate_rules triggers and f_refresh_room_plan_offers (migration 0047,
     * decision 083) and carried in the city sort indexes; never true while it should be false.
     */
    offersAtFloor: boolean("offers_at_floor").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("hotels_star_rating_range", sql`${t.starRating} between 1 and 5`),
    check("hotels_price_positive", sql`${t.priceCents} > 0`),
    check("hotels_children_free_under_age_range", sql`${t.childrenFreeUnderAge} between 0 and 18`),
    check("hotels_child_rate_not_negative", sql`${t.childRateCents} >= 0`),
    check("hotels_property_type_known", sql.raw(`property_type in (${PROPERTY_TYPES.map((type) => `'${type}'`).join(", ")})`)),
    index("hotels_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("hotels_popularity_idx").on(t.reviewCount.desc(), t.id),
    // Search walks one city's hotels in the requested order and stops at the end of the page
    // (services/search/walks.ts). Migration 0003 recreates these four with INCLUDE (country,
    // star_rating, distance_from_center_km, price_cents, amenity_mask, room_offers), which Drizzle
    // cannot express: filters and pricing are then index-only. Migration 0013 adds rating,
    // free_cancellation_days and property_type to the INCLUDE lists of these and the three below.
    index("hotels_city_popularity_idx").on(t.city, t.reviewCount.desc(), t.id),
    index("hotels_city_rating_idx").on(t.city, t.rating.desc(), t.reviewCount.desc(), t.id),
    index("hotels_city_distance_idx").on(t.city, t.distanceFromCenterKm, t.id),
    index("hotels_city_price_idx").on(t.city, t.priceCents, t.id),
    // Price sort for parties needing 2, 3 or 4 guests per room: walks hotels by their cheapest room
    // that sleeps that many (f_room_floor, migration 0004), with the same INCLUDE columns.
    ...[2, 3, 4].map((guests) =>
      index(`hotels_city_price_for_${guests}_idx`)
        .on(t.city, sql.raw(`f_room_floor(room_offers, ${guests})`), t.id)
        .where(sql.raw(`f_room_floor(room_offers, ${guests}) is not null`)),
    ),
    // Hotel names without their own city's name: finds "Paris" in the names of hotels elsewhere
    // without reading the thousands of Paris hotels whose names say "Paris".
    index("hotels_name_trgm_idx").using("gin", sql`f_unaccent(lower(replace(${t.name}, ${t.city}, ''))) gin_trgm_ops`),
  ],
);

export const roomTypes = pgTable(
  "room_types",
  {
    id: serial("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotels.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    maxGuests: integer("max_guests").notNull(),
    sizeM2: integer("size_m2").notNull(),
    bedType: text("bed_type").notNull(),
    amenities: text("amenities")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
    currency: text("currency").notNull().default("USD"),
    /** How many rooms of this type the hotel has: the ceiling for every night. */
    totalRooms: integer("total_rooms").notNull(),
    /** Closed to new bookings: left out of room_offers, the hotel page and the hold; existing bookings stand. */
    closed: boolean("closed").notNull().default(false),
  },
  (t) => [
    index("room_types_hotel_id_idx").on(t.hotelId),
    // Pricing a hotel for a search reads its room types from this index alone (index-only scan).
    index("room_types_hotel_offer_idx").on(t.hotelId, t.maxGuests, t.priceCents, t.id, t.totalRooms, t.originalPriceCents),
    check("room_types_price_positive", sql`${t.priceCents} > 0`),
    check("room_types_total_rooms_positive", sql`${t.totalRooms} >= 0`),
    check("room_types_max_guests_positive", sql`${t.maxGuests} > 0`),
  ],
);

/** Which hotels each manager runs (granted by an admin); admins run every hotel without a row here. */
export const hotelManagers = pgTable(
  "hotel_managers",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotels.id, { onDelete: "cascade" }),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
    /** 'manager' runs the hotel; 'front_desk' only its front desk and the desk's invoices (decision 064). */
    role: text("role", { enum: ["manager", "front_desk"] })
      .notNull()
      .default("manager"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.hotelId] }),
    index("hotel_managers_hotel_id_idx").on(t.hotelId),
    check("hotel_managers_role_check", sql`${t.role} in ('manager', 'front_desk')`),
  ],
);

/**
 * The secret calendar link of a room type (iCal export): only the SHA-256 of its token is kept, so the
 * link is shown once; creating a new one replaces it, deleting the row revokes it.
 */
export const icalFeeds = pgTable("ical_feeds", {
  roomTypeId: integer("room_type_id")
    .primaryKey()
    .references(() => roomTypes.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** The hotels each traveller saved (the heart); only our own hotels, see decision 025. */
export const savedHotels = pgTable(
  "saved_hotels",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotels.id, { onDelete: "cascade" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hotelId] }), index("saved_hotels_hotel_id_idx").on(t.hotelId)],
);

/**
 * The rates calendar as range rules (decision 020): each rule sets, for the nights from first_night
 * to last_night (inclusive) whose ISO weekday bit is in `weekdays` (bit 0 = Monday), any of a
 * price, a minimum stay and closed. Per night and per field the latest rule (highest id) that sets
 * it wins; a night no rule prices sells at room_types.price_cents. Rooms to sell per night live in
 * room_nights.rooms_total.
 */
export const rateRules = pgTable(
  "rate_rules",
  {
    id: serial("id").primaryKey(),
    roomTypeId: integer("room_type_id")
      .notNull()
      .references(() => roomTypes.id, { onDelete: "cascade" }),
    firstNight: date("first_night", { mode: "string" }).notNull(),
    lastNight: date("last_night", { mode: "string" }).notNull(),
    weekdays: integer("weekdays").notNull().default(127),
    priceCents: integer("price_cents"),
    /** Minimum nights of a stay that starts on such a night. */
    minStay: integer("min_stay"),
    closed: boolean("closed"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("rate_rules_room_type_nights_idx").on(t.roomTypeId, t.lastNight, t.firstNight),
    // The rules that close nights or set a minimum stay, the only ones the search's count asks
    // about (hasOffer): with seasons on every room type, probing them through the index above read
    // every price rule of the stay's nights too (a capped count p50 of ~20 ms on 2M hotels).
    index("rate_rules_restrictions_idx")
      .on(t.roomTypeId, t.lastNight, t.firstNight)
      .where(sql`${t.closed} is not null or ${t.minStay} is not null`),
    check("rate_rules_nights_order", sql`${t.lastNight} >= ${t.firstNight}`),
    check("rate_rules_weekdays_range", sql`${t.weekdays} between 1 and 127`),
    check("rate_rules_price_positive", sql`${t.priceCents} is null or ${t.priceCents} > 0`),
    check("rate_rules_min_stay_range", sql`${t.minStay} is null or ${t.minStay} between 1 and 30`),
  ],
);

/**
 * For each night, how many rules that close nights or set a minimum stay cover it (weekdays
 * ignored), kept by statement triggers on rate_rules (migration 0027, decision 034). Search reads
 * it once per statement: a stay whose nights no such rule covers needs no restriction probe per
 * room type. A count too high only costs those probes; every insert and delete of rules passes
 * through the triggers, so it is never too low (a TRUNCATE of rate_rules leaves it too high).
 */
export const rateRestrictionNights = pgTable("rate_restriction_nights", {
  night: date("night", { mode: "string" }).primaryKey(),
  rules: integer("rules").notNull(),
});

/**
 * A room type's rate rules compiled into what they decide, night by night, for search (migration
 * 0028, decision 035). `starts` are the nights where some rule begins or the night after one ends,
 * in order: between two of them every night is covered by the same rules, so its price, closed
 * flag and minimum stay depend only on its week day. A night falls in bucket
 * k = width_bucket(night, starts) (0 before the first start), and its values are at index
 * k * 7 + ISO week day of `prices` (null = closed) and `min_stays` (null array = no minimum stay
 * over 1). Kept by statement triggers on rate_rules and room_types (the base price fills the
 * nights no rule prices); a room type without rules has no row and sells every night at its base
 * price. f_stay_nights stays the definition: the hotel page, the hold and the calendar read it,
 * and tests compare the two.
 */
export const roomRateSegments = pgTable("room_rate_segments", {
  roomTypeId: integer("room_type_id")
    .primaryKey()
    .references(() => roomTypes.id, { onDelete: "cascade" }),
  starts: date("starts", { mode: "string" }).array().notNull(),
  prices: integer("prices").array().notNull(),
  minStays: integer("min_stays").array(),
});

/** Cities that have hotels, with their hotel count: feeds destination suggestions cheaply. */
export const destinations = pgTable(
  "destinations",
  {
    city: text("city").notNull(),
    country: text("country").notNull(),
    hotelCount: integer("hotel_count").notNull(),
    /** Lower-cased, accent-free "city country" for matching what the user types. */
    searchText: text("search_text").generatedAlwaysAs(sql`f_unaccent(lower(city || ' ' || country))`),
  },
  (t) => [
    primaryKey({ columns: [t.city, t.country] }),
    index("destinations_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * Rooms taken per room type and night by holds and confirmed bookings, and the rooms to sell that
 * night (rooms_total, set by the rates calendar, else the room type's count). A row exists only for
 * nights with something taken or a calendar limit; the check constraint makes overbooking
 * impossible, whatever the caller.
 */
export const roomNights = pgTable(
  "room_nights",
  {
    roomTypeId: integer("room_type_id")
      .notNull()
      .references(() => roomTypes.id, { onDelete: "cascade" }),
    night: date("night", { mode: "string" }).notNull(),
    roomsTotal: integer("rooms_total").notNull(),
    roomsTaken: integer("rooms_taken").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.roomTypeId, t.night] }),
    // The revenue report of all hotels reads a range of nights whatever the room type (index-only).
    index("room_nights_night_idx").on(t.night, t.roomTypeId, t.roomsTotal),
    check("room_nights_not_overbooked", sql`${t.roomsTaken} between 0 and ${t.roomsTotal}`),
  ],
);

// ---------------------------------------------------------------------------
// Rate plans and cancellation policies (decision 049)
// ---------------------------------------------------------------------------

/** A hotel's cancellation policy, written once and chosen by its rate plans (shared/cancellation-policies.ts). */
export const cancellationPolicies = pgTable(
  "cancellation_policies",
  {
    id: serial("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotels.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** PolicyTerms: tiers by days before check-in and the fee after the last one. */
    terms: jsonb("terms").$type<PolicyTerms>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("cancellation_policies_hotel_name").on(t.hotelId, t.name)],
);

/** One way of selling a room type (shared/rate-plans.ts). */
export const ratePlans = pgTable(
  "rate_plans",
  {
    id: serial("id").primaryKey(),
    roomTypeId: integer("room_type_id")
      .notNull()
      .references(() => roomTypes.id, { onDelete: "cascade" }),
    /** The room type's hotel, kept for scoping managers and listing a hotel's plans. */
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotels.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceRuleKind: text("price_rule_kind").$type<PriceRuleKind>().notNull().default("percent"),
    /** percent: whole percent added (−10 = 10 % cheaper); amount: cents added; own: unused (0). */
    priceRuleValue: integer("price_rule_value").notNull().default(0),
    mealPlan: text("meal_plan").$type<MealPlan>().notNull().default("room_only"),
    inclusions: text("inclusions")
      .array()
      .$type<PlanInclusion[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    cancellationPolicyId: integer("cancellation_policy_id")
      .notNull()
      .references(() => cancellationPolicies.id, { onDelete: "restrict" }),
    paymentTiming: text("payment_timing").$type<PaymentTiming>().notNull().default("pay_now"),
    /** Deposit plans: the share paid at booking, 1–99. */
    depositPercent: integer("deposit_percent"),
    minStay: integer("min_stay"),
    minAdvanceDays: integer("min_advance_days"),
    maxAdvanceDays: integer("max_advance_days"),
    closedDates: date("closed_dates", { mode: "string" })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    /** Loyalty members' prices (issue 29 item 4) may apply to this plan. */
    memberPrices: boolean("member_prices").notNull().default(true),
    /** Off sale: kept for the bookings that name it. */
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("rate_plans_room_type_idx").on(t.roomTypeId, t.sortOrder),
    index("rate_plans_hotel_idx").on(t.hotelId),
    unique("rate_plans_room_type_name").on(t.roomTypeId, t.name),
    check("rate_plans_price_rule_kind_known", sql`${t.priceRuleKind} in ('percent','amount','own')`),
    check("rate_plans_meal_plan_known", sql`${t.mealPlan} in ('room_only','breakfast','half_board','full_board')`),
    check("rate_plans_payment_timing_known", sql`${t.paymentTiming} in ('pay_now','pay_at_hotel','deposit')`),
    check(
      "rate_plans_deposit_percent",
      sql`(${t.paymentTiming} = 'deposit') = (${t.depositPercent} is not null) and (${t.depositPercent} is null or ${t.depositPercent} between 1 and 99)`,
    ),
  ],
);

/**
 * What search needs of a room type's active rate plans, kept by triggers (migration 0036, decision
 * 055): one row per room type with at least one active plan; none without, so such a room type
 * sells as before. `plans` holds 8 integers per plan in (sort_order, id) order: id, price rule
 * (0 percent, 1 amount, 2 own), its value, meal (0 room only, 1 any meal), the days before check-in
 * until which cancelling is free (-1 never), minimum stay (0 none), minimum advance days (0 none),
 * maximum advance days (-1 none). Closed dates as pairs (closed_plans[k], closed_nights[k]).
 */
export const roomPlanOffers = pgTable("room_plan_offers", {
  roomTypeId: integer("room_type_id")
    .primaryKey()
    .references(() => roomTypes.id, { onDelete: "cascade" }),
  /** The room type's base price (room_types.price_cents): its calendar price on nights without a rule. */
  baseCents: integer("base_cents").notNull(),
  /** The hotel's time zone (hotels.time_zone): "today" for advance-purchase windows and free cancellation. */
  timeZone: text("time_zone").notNull().default("UTC"),
  plans: integer("plans").array().notNull(),
  closedPlans: integer("closed_plans")
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  closedNights: date("closed_nights", { mode: "string" })
    .array()
    .notNull()
    .default(sql`'{}'::date[]`),
});

/** A plan's own calendar (price rule 'own'): its price on a night; nights without a row follow the room type's calendar. */
export const ratePlanPrices = pgTable(
  "rate_plan_prices",
  {
    ratePlanId: integer("rate_plan_id")
      .notNull()
      .references(() => ratePlans.id, { onDelete: "cascade" }),
    night: date("night", { mode: "string" }).notNull(),
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ratePlanId, t.night] }), check("rate_plan_prices_positive", sql`${t.priceCents} > 0`)],
);

/**
 * What a hotel sells beside the room (issue 30 item 4, decision 059): priced per stay, per night, per
 * person or per person per night (shared/extras.ts); a booking keeps what it took in its charges, so
 * an edit or a deactivation never changes an existing booking.
 */
export const hotelExtras = pgTable(
  "hotel_extras",
  {
    id: serial("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotels.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind").$type<ExtraKind>().notNull(),
    pricing: text("pricing").$type<ExtraPricing>().notNull(),
    priceCents: integer("price_cents").notNull(),
    /** The hotel's VAT applies to it. */
    taxable: boolean("taxable").notNull().default(true),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("hotel_extras_hotel_idx").on(t.hotelId, t.sortOrder),
    unique("hotel_extras_hotel_name").on(t.hotelId, t.name),
    check("hotel_extras_price_positive", sql`${t.priceCents} > 0`),
    check(
      "hotel_extras_kind_known",
      sql`${t.kind} in ('breakfast','parking','airport_transfer','late_checkout','early_checkin','pet','other')`,
    ),
    check("hotel_extras_pricing_known", sql`${t.pricing} in ('per_stay','per_night','per_person','per_person_per_night')`),
  ],
);

/**
 * A promo code (decision 053): one hotel's, or site-wide when hotel_id is null; unique per scope
 * whatever its case. A percentage (1–100) or an amount in cents of `currency`, with optional booking
 * and stay windows (inclusive dates), a minimum stay, a total and a per-guest limit and the rate
 * plans it covers (empty: all). uses_count is taken by one conditional update per booking.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: serial("id").primaryKey(),
    hotelId: integer("hotel_id").references(() => hotels.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    discountKind: text("discount_kind").$type<"percent" | "amount">().notNull(),
    /** percent: whole percent 1–100; amount: cents of `currency`. */
    discountValue: integer("discount_value").notNull(),
    /** Amount codes: the currency of the amount (a price in another currency is not covered). */
    currency: text("currency"),
    bookingFrom: date("booking_from", { mode: "string" }),
    bookingTo: date("booking_to", { mode: "string" }),
    stayFrom: date("stay_from", { mode: "string" }),
    stayTo: date("stay_to", { mode: "string" }),
    minNights: integer("min_nights"),
    usesLimit: integer("uses_limit"),
    usesCount: integer("uses_count").notNull().default(0),
    perGuestLimit: integer("per_guest_limit"),
    ratePlanIds: integer("rate_plan_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("promo_codes_scope_code_idx").on(sql`coalesce(${t.hotelId}, 0)`, sql`lower(${t.code})`),
    check("promo_codes_discount_kind_known", sql`${t.discountKind} in ('percent','amount')`),
    check("promo_codes_discount_value", sql`${t.discountValue} >= 1 and (${t.discountKind} <> 'percent' or ${t.discountValue} <= 100)`),
    check("promo_codes_amount_currency", sql`(${t.discountKind} = 'amount') = (${t.currency} is not null)`),
    check("promo_codes_uses_within_limit", sql`${t.usesCount} >= 0 and (${t.usesLimit} is null or ${t.usesCount} <= ${t.usesLimit})`),
  ],
);

/** One booking's use of a promo code (given back when its hold ends unpaid): what the per-guest limit counts. */
export const promoCodeUses = pgTable(
  "promo_code_uses",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    promoCodeId: integer("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    guestEmail: text("guest_email").notNull(),
    discountCents: integer("discount_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("promo_code_uses_code_user_idx").on(t.promoCodeId, t.userId),
    index("promo_code_uses_code_email_idx").on(t.promoCodeId, t.guestEmail),
  ],
);

// ---------------------------------------------------------------------------
// Bookings and payments
// ---------------------------------------------------------------------------

export const bookings = pgTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    bookingReference: text("booking_reference").notNull().unique(),
    hotelId: integer("hotel_id").references(() => hotels.id),
    hotelName: text("hotel_name").notNull(),
    roomTypeId: integer("room_type_id").references(() => roomTypes.id),
    roomType: text("room_type").notNull(),
    /** Nightly price per room, in cents, as computed by the server (the average when nights differ). */
    roomPriceCents: integer("room_price_cents").notNull(),
    /** Each night's price per room, from check-in on, as sold (own rooms; null for older and partner bookings). */
    nightlyPriceCents: integer("nightly_price_cents").array(),
    checkIn: date("check_in", { mode: "string" }).notNull(),
    checkOut: date("check_out", { mode: "string" }).notNull(),
    /** Everyone staying: adults + children. */
    numGuests: integer("num_guests").notNull(),
    numChildren: integer("num_children").notNull().default(0),
    /** Each child's age at booking, as many as num_children. */
    childAges: integer("child_ages")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** The child charges included in total_price_cents (the hotel's child rate × paying children × nights). */
    childChargeCents: integer("child_charge_cents").notNull().default(0),
    numRooms: integer("num_rooms").notNull(),
    totalNights: integer("total_nights").notNull(),
    totalPriceCents: integer("total_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    /**
     * The currency every amount of the booking is in: the one it was priced and charged in (our
     * hotel's, or the partner offer's), never a display currency (decision 028).
     */
    currency: text("currency").notNull().default("USD"),
    pointsRedeemed: integer("points_redeemed").notNull().default(0),
    guestName: text("guest_name").notNull(),
    guestEmail: text("guest_email").notNull(),
    guestPhone: text("guest_phone").notNull(),
    specialRequests: text("special_requests"),
    /** The language the traveller booked in ('en', 'es', 'de'): the booking's e-mails and download are written in it (decision 029). */
    language: text("language").notNull().default("en"),
    /** pending (a hold) → confirmed → cancelled; 'completed' is derived once check-out has passed. */
    status: text("status").notNull().default("pending"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    paymentIntentId: text("payment_intent_id"),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** Who asked for the hold: the visitor session and client address its limits are counted by (decision 008). */
    holderVisitor: text("holder_visitor"),
    holderAddress: text("holder_address"),
    /** Who provides the room: 'inventory' (ours) or 'wholesaler'. */
    supplier: text("supplier").notNull().default("inventory"),
    /** The supplier's booking number, once it confirmed the booking. */
    supplierBookingRef: text("supplier_booking_ref"),
    /** Supplier bookings: the supplier's hotel and room offer ids (e.g. wh-123, wh-456-1). */
    supplierHotelId: text("supplier_hotel_id"),
    supplierRoomId: text("supplier_room_id"),
    /** The supplier environment (TEST or LIVE) that priced the room; the booking goes only there. */
    supplierEnvironment: text("supplier_environment"),
    /** The price check's code that holds the supplier's price for the booking call. */
    supplierPriceCode: text("supplier_price_code"),
    /** priced → booking → booked | failed | unknown (no clear answer: look up before retrying) → cancelled. */
    supplierState: text("supplier_state"),
    supplierAttempts: integer("supplier_attempts").notNull().default(0),
    /** The supplier's cancellation terms at the price check (our own hotels' terms live on the hotel). */
    freeCancellationDays: integer("free_cancellation_days"),
    cancellationPolicy: text("cancellation_policy"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Front desk: null while the guest is expected, then checked_in → checked_out, or no_show (decision 022). */
    stayStatus: text("stay_status"),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    /** When the guest left, or was marked a no-show. */
    checkedOutAt: timestamp("checked_out_at", { withTimezone: true }),
    /** The check-out the guest booked, kept when an early departure or a no-show shortened the stay (check_out). */
    bookedCheckOut: date("booked_check_out", { mode: "string" }),
    /** The staff member who took the booking by phone on the guest's behalf. */
    createdByStaffId: text("created_by_staff_id").references(() => users.id, { onDelete: "set null" }),
    /** Confirmed without a card payment: the guest pays at the hotel (payment_status 'pay_at_hotel'). */
    payAtHotel: boolean("pay_at_hotel").notNull().default(false),
    /** A partial refund owed (the unused nights of an early departure); null: a refund gives back the whole payment. */
    refundDueCents: integer("refund_due_cents"),
    /** What went back to the guest's card, in cents (a partial refund leaves the rest paid); 0 when nothing was refunded. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** Where the booking came from: website, phone, channel, calendar or partner (BOOKING_SOURCES). */
    source: text("source").notNull().default("website"),
    /** The channel API key's name or the imported calendar's name, for source channel / calendar. */
    sourceDetail: text("source_detail"),
    /** The rate plan sold (own rooms; null for partner and older bookings) and what it was called and included then. */
    ratePlanId: integer("rate_plan_id").references(() => ratePlans.id, { onDelete: "set null" }),
    ratePlanName: text("rate_plan_name"),
    mealPlan: text("meal_plan"),
    inclusions: text("inclusions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The cancellation policy as sold: deadlines as instants, fees in cents (shared/cancellation-policies.ts). Null: older bookings (free_cancellation_days). */
    cancellationSchedule: jsonb("cancellation_schedule").$type<CancellationSchedule>(),
    /** pay_now, pay_at_hotel or deposit (shared/rate-plans.ts). */
    paymentTiming: text("payment_timing").notNull().default("pay_now"),
    /** What the card is charged at booking (deposit: its share; pay at hotel: 0); null: the whole amount (older bookings). */
    amountDueNowCents: integer("amount_due_now_cents"),
    /** The promo code as the guest entered it (null: none); its discount and the member price's, both already taken off total_price_cents (decision 053). */
    promoCode: text("promo_code"),
    promoDiscountCents: integer("promo_discount_cents").notNull().default(0),
    memberDiscountCents: integer("member_discount_cents").notNull().default(0),
    /** A card guarantee's cancellation or no-show fee charged from its authorisation (being charged while payment_status is capturing/capture_pending). */
    capturedCents: integer("captured_cents").notNull().default(0),
    /** The part of a cancellation or no-show fee no card payment covers: the front desk collects it at the hotel. */
    feeDueAtHotelCents: integer("fee_due_at_hotel_cents").notNull().default(0),
    /**
     * How a pay-at-hotel card guarantee holds the card (decision 075): 'authorisation' (manual capture,
     * lapses after about 7 days) or 'saved_card' (a SetupIntent; a fee is charged off-session). Null:
     * no card guarantee, or a guarantee taken before 075 (an authorisation).
     */
    cardGuarantee: text("card_guarantee"),
    /**
     * The stay's price line by line as the server computed it (shared/charges.ts, decision 059): rooms,
     * child charges, extras, discounts, fees and taxes; total_price_cents is its totalCents. Null: older bookings.
     */
    charges: jsonb("charges").$type<PriceBreakdown>(),
    /** Rooms and child charges less discounts, net of VAT (the revenue report's room revenue); null: older bookings (total_price_cents). */
    roomRevenueCents: integer("room_revenue_cents"),
    /** Extras net of VAT. */
    extrasRevenueCents: integer("extras_revenue_cents").notNull().default(0),
    /** Every tax of the stay (VAT included in prices or added, and city tax). */
    taxCents: integer("tax_cents").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("bookings_dates_order", sql`${t.checkOut} > ${t.checkIn}`),
    check("bookings_source_known", sql`${t.source} in ('website','phone','channel','calendar','partner')`),
    check("bookings_payment_timing_known", sql`${t.paymentTiming} in ('pay_now','pay_at_hotel','deposit')`),
    check("bookings_stay_status_known", sql`${t.stayStatus} is null or ${t.stayStatus} in ('checked_in','checked_out','no_show')`),
    // The front desk lists one hotel's arrivals and departures of a day.
    index("bookings_hotel_check_in_idx").on(t.hotelId, t.checkIn),
    index("bookings_hotel_check_out_idx").on(t.hotelId, t.checkOut),
    check("bookings_status_known", sql`${t.status} in ('pending','confirmed','cancelled','completed')`),
    check("bookings_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    index("bookings_user_id_idx").on(t.userId, t.createdAt),
    index("bookings_created_at_idx").on(t.createdAt),
    index("bookings_room_type_dates_idx").on(t.roomTypeId, t.checkIn, t.checkOut),
    index("bookings_pending_holds_idx")
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending'`),
    index("bookings_pending_by_visitor_idx")
      .on(t.holderVisitor)
      .where(sql`${t.status} = 'pending'`),
    index("bookings_pending_by_address_idx")
      .on(t.holderAddress)
      .where(sql`${t.status} = 'pending'`),
    index("bookings_supplier_open_idx")
      .on(t.updatedAt)
      .where(sql`${t.supplierState} in ('booking','unknown')`),
    // The refunds the payment reconciliation retries (refund_pending, or a stale refunding claim):
    // without it that round read all 6.9M bookings of the booked 2M catalogue (1.2 s) every minute.
    index("bookings_refund_open_idx")
      .on(t.updatedAt)
      .where(sql`${t.paymentStatus} in ('refund_pending','refunding')`),
    // A card guarantee's capture or release that failed or whose caller died: retried by the reconciliation.
    index("bookings_guarantee_open_idx")
      .on(t.updatedAt)
      .where(sql`${t.paymentStatus} in ('capture_pending','capturing','release_pending')`),
    check(
      "bookings_supplier_state_known",
      sql`${t.supplierState} is null or ${t.supplierState} in ('priced','booking','booked','failed','unknown','cancelled')`,
    ),
  ],
);

/**
 * The revenue reports' figures per room type, night and channel (decision 023), kept by statement
 * triggers on `bookings` (migration "report_nights"): every insert, update or delete of bookings
 * adds the new rows' contribution and takes the old rows' away, so a report reads a few rows per
 * room type and night instead of every booking. Stay nights carry the rooms sold and their share of
 * the revenue; a booking's check-in night also carries its arrival figures. Partner bookings have
 * no room type of ours (null).
 */
export const reportNights = pgTable(
  "report_nights",
  {
    roomTypeId: integer("room_type_id").references(() => roomTypes.id, { onDelete: "cascade" }),
    night: date("night", { mode: "string" }).notNull(),
    /** own_site, front_desk, channel, calendar or partner (`REPORT_CHANNELS`; channel and calendar from bookings.source, decision 058). */
    channel: text("channel").notNull(),
    roomsSold: integer("rooms_sold").notNull().default(0),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull().default(0),
    /** Sold bookings with this night, and those of them whose first night it is. */
    stays: integer("stays").notNull().default(0),
    stayStarts: integer("stay_starts").notNull().default(0),
    /** Bookings checking in on this night that counted as bookings, and how many of them were cancelled. */
    bookingsMade: integer("bookings_made").notNull().default(0),
    cancellations: integer("cancellations").notNull().default(0),
    /** Sold bookings checking in on this night, their nights and their lead days (check-in less the UTC booking date). */
    arrivals: integer("arrivals").notNull().default(0),
    arrivalNights: integer("arrival_nights").notNull().default(0),
    leadDays: integer("lead_days").notNull().default(0),
  },
  (t) => [
    unique("report_nights_key").on(t.roomTypeId, t.night, t.channel).nullsNotDistinct(),
    // "All hotels" reads a range of nights whatever the room type: every column is in the index, so
    // that read is an index-only scan instead of a visit to pages scattered by booking order.
    index("report_nights_night_idx").on(
      t.night,
      t.channel,
      t.roomTypeId,
      t.roomsSold,
      t.revenueCents,
      t.stays,
      t.stayStarts,
      t.bookingsMade,
      t.cancellations,
      t.arrivals,
      t.arrivalNights,
      t.leadDays,
    ),
  ],
);

/**
 * The guest's billing details for a booking's invoice (decision 056), editable by the guest and the
 * hotel's staff until the invoice is issued; the invoice copies them as issued.
 */
export const bookingBillingDetails = pgTable("booking_billing_details", {
  bookingId: text("booking_id")
    .primaryKey()
    .references(() => bookings.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  company: text("company"),
  taxId: text("tax_id"),
  address: text("address"),
  updatedAt: updatedAt(),
});

/** Each hotel's last invoice number: taken under a row lock in the transaction that issues the invoice, so numbers have no gaps. */
export const invoiceCounters = pgTable("invoice_counters", {
  hotelId: integer("hotel_id")
    .primaryKey()
    .references(() => hotels.id, { onDelete: "cascade" }),
  lastNumber: integer("last_number").notNull().default(0),
});

/**
 * Invoices and credit notes (decision 056): one gap-free series per hotel, the parties, lines and
 * totals as issued. Immutable: a trigger refuses every update and delete (migration 0035); a
 * correction is a credit note, whose amounts are negative. `source_key` makes issuing idempotent
 * (booking:{id}:invoice, booking:{id}:refund:{refunded cents after the refund}).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotels.id),
    number: integer("number").notNull(),
    invoiceNumber: text("invoice_number").notNull(),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    creditedInvoiceId: integer("credited_invoice_id").references((): AnyPgColumn => invoices.id),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id),
    sourceKey: text("source_key").notNull().unique(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    seller: jsonb("seller").$type<InvoiceParty>().notNull(),
    buyer: jsonb("buyer").$type<InvoiceParty>().notNull(),
    currency: text("currency").notNull(),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    netCents: integer("net_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    settlement: jsonb("settlement").$type<InvoiceSettlement>().notNull(),
  },
  (t) => [
    uniqueIndex("invoices_hotel_number_idx").on(t.hotelId, t.number),
    index("invoices_hotel_issued_idx").on(t.hotelId, t.issuedAt),
    index("invoices_booking_idx").on(t.bookingId),
    check("invoices_kind_known", sql`${t.kind} in ('invoice','credit_note')`),
    check("invoices_credit_note_refers", sql`(${t.kind} = 'credit_note') = (${t.creditedInvoiceId} is not null)`),
    check("invoices_total_sum", sql`${t.totalCents} = ${t.netCents} + ${t.taxCents}`),
    check("invoices_number_positive", sql`${t.number} > 0`),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    /** pending → succeeded | failed | canceled; 'refunded' once money went back in full. */
    status: text("status").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_booking_id_idx").on(t.bookingId),
    uniqueIndex("payments_provider_payment_id_idx").on(t.provider, t.providerPaymentId),
  ],
);

/** Provider events already handled, so a replayed webhook changes nothing. */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The simulated card processor's own records (what Stripe would keep on its side). Only the
 * simulated gateway reads or writes this table; the app sees it through the gateway interface.
 */
export const simulatedPaymentIntents = pgTable("simulated_payment_intents", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  /** requires_payment_method → requires_action → (manual capture: requires_capture →) succeeded | canceled. */
  status: text("status").notNull(),
  /** automatic: charged when the card is accepted; manual: only authorised until captured (a card guarantee). */
  captureMethod: text("capture_method").notNull().default("automatic"),
  /** What a manual capture took (the rest of the authorisation released); null: the whole amount once succeeded. */
  amountCapturedCents: integer("amount_captured_cents"),
  /** The capture's idempotency key: the same key returns the first capture. */
  captureIdempotencyKey: text("capture_idempotency_key").unique(),
  lastError: text("last_error"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The simulated processor's refunds: one per idempotency key, as Stripe keeps them. */
export const simulatedRefunds = pgTable("simulated_refunds", {
  id: text("id").primaryKey(),
  paymentId: text("payment_id")
    .notNull()
    .references(() => simulatedPaymentIntents.id),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------
// Reviews and loyalty
// ---------------------------------------------------------------------------

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotels.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    photos: text("photos")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status").notNull().default("pending"),
    adminNotes: text("admin_notes"),
    helpfulVotes: integer("helpful_votes").notNull().default(0),
    unhelpfulVotes: integer("unhelpful_votes").notNull().default(0),
    moderatedById: text("moderated_by_id"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_status_known", sql`${t.status} in ('pending','approved','rejected')`),
    index("reviews_hotel_status_idx").on(t.hotelId, t.status, t.createdAt),
    index("reviews_status_idx").on(t.status, t.createdAt),
  ],
);

export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    voteType: text("vote_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), check("review_votes_type_known", sql`${t.voteType} in ('helpful','unhelpful')`)],
);

export const loyaltyAccounts = pgTable(
  "loyalty_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: text("tier").notNull().default("Bronze"),
    pointsBalance: integer("points_balance").notNull().default(0),
    totalPointsEarned: integer("total_points_earned").notNull().default(0),
    referralCode: text("referral_code").notNull().unique(),
    referredByUserId: text("referred_by_user_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("loyalty_balance_not_negative", sql`${t.pointsBalance} >= 0`)],
);

export const loyaltyTransactions = pgTable(
  "loyalty_transactions",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    points: integer("points").notNull(),
    description: text("description").notNull(),
    /** Makes every credit and debit happen exactly once, e.g. 'booking:{id}:earn'. */
    sourceKey: text("source_key").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index("loyalty_transactions_user_idx").on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------------------
// Supplier settings and e-mail
// ---------------------------------------------------------------------------

export const apiSettings = pgTable(
  "api_settings",
  {
    environment: text("environment").primaryKey(),
    apiUrl: text("api_url").notNull(),
    username: text("username").notNull(),
    /** AES-256-GCM ciphertext keyed from the app secret; never sent to the browser. */
    passwordEncrypted: text("password_encrypted").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    updatedById: text("updated_by_id"),
    updatedAt: updatedAt(),
  },
  (t) => [check("api_settings_environment_known", sql`${t.environment} in ('TEST','LIVE')`)],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** What caused the message, e.g. 'password_reset' or 'booking_confirmation'. */
    kind: text("kind").notNull(),
    /** Makes a message queue at most once for the same cause. */
    dedupeKey: text("dedupe_key").unique(),
    /** pending → sent | failed; 'stored' when no SMTP server is configured (read in the Mailbox). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_pending_idx").on(t.status, t.nextAttemptAt), index("email_outbox_created_at_idx").on(t.createdAt)],
);

/** Key/value facts about this installation (e.g. when the demo data was seeded). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Bookings made in the built-in wholesaler sandbox (decision 003): kept in the database so they
 * survive restarts and are shared by every app instance, like a real supplier's.
 */
export const supplierSandboxBookings = pgTable(
  "supplier_sandbox_bookings",
  {
    bookingNumber: integer("booking_number").primaryKey().generatedAlwaysAsIdentity({ startWith: 7_000_001 }),
    yourRef: text("your_ref").notNull(),
    hotelId: integer("hotel_id").notNull(),
    roomTypeName: text("room_type_name").notNull(),
    mealId: integer("meal_id").notNull(),
    checkIn: date("check_in", { mode: "string" }).notNull(),
    checkOut: date("check_out", { mode: "string" }).notNull(),
    priceCents: integer("price_cents").notNull(),
    guests: jsonb("guests").$type<string[]>().notNull(),
    email: text("email").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("supplier_sandbox_bookings_your_ref_idx").on(t.yourRef)],
);

/**
 * Background work that keeps failing (a refund, a payment reconciliation, a supplier look-up), one
 * row per job and booking. Retries stop at RETRY_MAX_ATTEMPTS; the case then waits on Admin → API
 * Diagnostics. A success deletes the row.
 */
export const backgroundFailures = pgTable(
  "background_failures",
  {
    id: serial("id").primaryKey(),
    job: text("job").notNull(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error").notNull(),
    firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull().defaultNow(),
    lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("background_failures_job_booking_idx").on(t.job, t.bookingId)],
);

/**
 * One row per background job that must run once per round across all app instances (hold expiry,
 * payment reconciliation): the instance whose conditional update claims the round runs it; a lease
 * (`locked_until`) outlives an instance that dies mid-round. See decision 018.
 */
export const jobRounds = pgTable("job_rounds", {
  job: text("job").primaryKey(),
  roundStartedAt: timestamp("round_started_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  holder: text("holder").notNull(),
});

/**
 * Display-currency rates (decision 028): units of `currency` one US dollar buys, in millionths
 * (0.92 → 920000), one row per display currency. Used only to show converted estimates; a booking
 * always stores and charges the hotel's own currency. `demo` marks the rates the migration seeded
 * until an admin or the feed (FX_RATES_URL) replaces them.
 */
export const fxRates = pgTable(
  "fx_rates",
  {
    currency: text("currency").primaryKey(),
    rateMicros: bigint("rate_micros", { mode: "number" }).notNull(),
    source: text("source").$type<FxRateSource>().notNull(),
    demo: boolean("demo").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("fx_rates_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("fx_rates_rate_positive", sql`${t.rateMicros} > 0`),
    check("fx_rates_source", sql`${t.source} in ('manual', 'feed')`),
  ],
);

// ---------------------------------------------------------------------------
// Channels: webhooks and the channel API (decision 057)
// ---------------------------------------------------------------------------

/**
 * Where a hotel's (or, with no hotel, every hotel's) events are sent: an HTTPS address checked by
 * the outbound URL policy, the signing secret sealed with the app secret (shown once, at creation
 * or rotation), the events subscribed. `failing_since` starts the failure streak that disables the
 * endpoint after a day (`disabled_reason` = 'failing'); a success clears it.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial("id").primaryKey(),
    hotelId: integer("hotel_id").references(() => hotels.id, { onDelete: "cascade" }),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    secretSealed: text("secret_sealed").notNull(),
    events: text("events").array().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_endpoints_hotel_idx").on(t.hotelId),
    check("webhook_endpoints_disabled_reason", sql`${t.disabledReason} is null or ${t.disabledReason} in ('manual', 'failing')`),
  ],
);

/**
 * The webhook outbox: one row per event and endpoint, written in the transaction of the change.
 * `event_id` is the event's stable id (the same on every attempt and every endpoint); a row is
 * pending → delivering → delivered | failed (after `give_up_at`); rows of one booking and
 * endpoint go out in id order.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial("id").primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    hotelId: integer("hotel_id"),
    bookingId: text("booking_id"),
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    giveUpAt: timestamp("give_up_at", { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("webhook_deliveries_endpoint_event").on(t.endpointId, t.eventId),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_booking_idx").on(t.endpointId, t.bookingId, t.id),
    check("webhook_deliveries_status", sql`${t.status} in ('pending', 'delivering', 'delivered', 'failed')`),
  ],
);

/**
 * A channel manager's key to one hotel's channel API: only the SHA-256 of the key is stored (the
 * key is shown once); `prefix` is its first characters, for telling keys apart.
 */
export const channelApiKeys = pgTable(
  "channel_api_keys",
  {
    id: serial("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotels.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("channel_api_keys_hotel_idx").on(t.hotelId), check("channel_api_keys_scope", sql`${t.scope} in ('read', 'read_write')`)],
);

/** What a channel push answered, by its client's Idempotency-Key: the same key with the same body answers the same again. */
export const channelPushRequests = pgTable(
  "channel_push_requests",
  {
    keyId: integer("key_id")
      .notNull()
      .references(() => channelApiKeys.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status").notNull(),
    responseBody: jsonb("response_body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.idempotencyKey] })],
);

// ---------------------------------------------------------------------------
// Calendar import: other channels' iCal feeds block rooms here (decision 058)
// ---------------------------------------------------------------------------

/**
 * An external calendar (Airbnb, Booking.com, VRBO, any RFC 5545 feed) whose events block rooms of
 * one room type. Fetched every `interval_minutes` with a conditional GET (`etag`, `last_modified`);
 * the last fetch's outcome is kept here, each fetch's in calendar_import_runs.
 */
export const calendarImports = pgTable(
  "calendar_imports",
  {
    id: serial("id").primaryKey(),
    roomTypeId: integer("room_type_id")
      .notNull()
      .references(() => roomTypes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    intervalMinutes: integer("interval_minutes").notNull().default(15),
    etag: text("etag"),
    lastModified: text("last_modified"),
    nextFetchAt: timestamp("next_fetch_at", { withTimezone: true }).notNull().defaultNow(),
    lastFetchAt: timestamp("last_fetch_at", { withTimezone: true }),
    lastStatus: text("last_status"),
    lastError: text("last_error"),
    eventCount: integer("event_count"),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("calendar_imports_room_type_url").on(t.roomTypeId, t.url),
    index("calendar_imports_due_idx").on(t.enabled, t.nextFetchAt),
    check("calendar_imports_interval", sql`${t.intervalMinutes} between 5 and 1440`),
    check("calendar_imports_last_status", sql`${t.lastStatus} is null or ${t.lastStatus} in ('ok', 'not_modified', 'error')`),
  ],
);

/** One fetch of a calendar import: the sync log the back office shows (the latest few are kept). */
export const calendarImportRuns = pgTable(
  "calendar_import_runs",
  {
    id: serial("id").primaryKey(),
    importId: integer("import_id")
      .notNull()
      .references(() => calendarImports.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status").notNull(),
    httpStatus: integer("http_status"),
    events: integer("events"),
    added: integer("added").notNull().default(0),
    removed: integer("removed").notNull().default(0),
    moved: integer("moved").notNull().default(0),
    conflicts: integer("conflicts").notNull().default(0),
    error: text("error"),
  },
  (t) => [
    index("calendar_import_runs_import_idx").on(t.importId, t.id),
    check("calendar_import_runs_status", sql`${t.status} in ('ok', 'not_modified', 'error')`),
  ],
);

/**
 * An imported event (one occurrence of a recurring one) on the nights [check_in, check_out): a
 * 'blocked' row holds `rooms` in room_nights (written by services/bookings/calendar-blocks.ts), a
 * 'conflict' row could not fit (the nights were sold out here) and holds nothing.
 */
export const calendarBlocks = pgTable(
  "calendar_blocks",
  {
    id: serial("id").primaryKey(),
    importId: integer("import_id")
      .notNull()
      .references(() => calendarImports.id, { onDelete: "cascade" }),
    roomTypeId: integer("room_type_id")
      .notNull()
      .references(() => roomTypes.id, { onDelete: "cascade" }),
    uid: text("uid").notNull(),
    recurrenceId: text("recurrence_id").notNull().default(""),
    checkIn: date("check_in", { mode: "string" }).notNull(),
    checkOut: date("check_out", { mode: "string" }).notNull(),
    rooms: integer("rooms").notNull().default(1),
    state: text("state").notNull(),
    summary: text("summary").notNull().default(""),
    conflictNotifiedAt: timestamp("conflict_notified_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("calendar_blocks_event").on(t.importId, t.uid, t.recurrenceId),
    index("calendar_blocks_room_type_idx").on(t.roomTypeId, t.checkIn),
    check("calendar_blocks_state", sql`${t.state} in ('blocked', 'conflict')`),
    check("calendar_blocks_nights", sql`${t.checkOut} > ${t.checkIn}`),
    check("calendar_blocks_rooms", sql`${t.rooms} > 0`),
  ],
);
