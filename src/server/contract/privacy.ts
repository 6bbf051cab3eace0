import { z } from "@hono/zod-openapi";

/** The personal data export and account deletion (decision 067); tsc checks them against services/privacy.ts. */
const Party = z.object({
  name: z.string(),
  company: z.string().nullable(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
});

export const PersonalDataExportSchema = z
  .object({
    format: z.literal("staywise-personal-data/1"),
    exportedAt: z.string(),
    account: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      role: z.string(),
      disabled: z.boolean(),
      twoFactorEnabled: z.boolean(),
      createdAt: z.string(),
      lastSignInAt: z.string().nullable(),
      managedHotels: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
    loyalty: z
      .object({
        tier: z.string(),
        pointsBalance: z.number().int(),
        totalPointsEarned: z.number().int(),
        referralCode: z.string(),
        referred: z.boolean().describe("Whether another member referred this one"),
        transactions: z.array(z.object({ points: z.number().int(), description: z.string(), createdAt: z.string() })),
      })
      .nullable(),
    bookings: z.array(
      z.object({
        id: z.string(),
        bookingReference: z.string(),
        hotelId: z.number().int().nullable(),
        hotelName: z.string(),
        roomType: z.string(),
        ratePlanName: z.string().nullable(),
        mealPlan: z.string().nullable(),
        checkIn: z.string(),
        checkOut: z.string(),
        numGuests: z.number().int(),
        numChildren: z.number().int(),
        childAges: z.array(z.number().int()),
        numRooms: z.number().int(),
        totalNights: z.number().int(),
        currency: z.string(),
        totalPriceCents: z.number().int(),
        discountCents: z.number().int(),
        pointsRedeemed: z.number().int(),
        promoCode: z.string().nullable(),
        charges: z.unknown().describe("The price breakdown as sold (null for older bookings)"),
        guestName: z.string(),
        guestEmail: z.string(),
        guestPhone: z.string(),
        specialRequests: z.string().nullable(),
        language: z.string(),
        status: z.string(),
        paymentStatus: z.string(),
        stayStatus: z.string().nullable(),
        refundedCents: z.number().int(),
        source: z.string(),
        createdAt: z.string(),
        cancelledAt: z.string().nullable(),
        checkedInAt: z.string().nullable(),
        checkedOutAt: z.string().nullable(),
        billingDetails: z
          .object({ name: z.string(), company: z.string().nullable(), taxId: z.string().nullable(), address: z.string().nullable() })
          .nullable(),
      }),
    ),
    invoices: z.array(
      z.object({
        id: z.number().int(),
        invoiceNumber: z.string(),
        kind: z.string(),
        bookingReference: z.string(),
        issuedAt: z.string(),
        seller: Party,
        buyer: Party,
        currency: z.string(),
        lines: z.array(z.unknown()),
        netCents: z.number().int(),
        taxCents: z.number().int(),
        totalCents: z.number().int(),
      }),
    ),
    reviews: z.array(
      z.object({
        id: z.number().int(),
        hotelId: z.number().int(),
        hotelName: z.string(),
        title: z.string(),
        rating: z.number().int(),
        comment: z.string(),
        photos: z.array(z.string()),
        status: z.string(),
        helpfulVotes: z.number().int(),
        unhelpfulVotes: z.number().int(),
        createdAt: z.string(),
      }),
    ),
    reviewVotes: z.array(z.object({ reviewId: z.number().int(), voteType: z.string(), createdAt: z.string() })),
    savedHotels: z.array(z.object({ hotelId: z.number().int(), hotelName: z.string(), savedAt: z.string() })),
    sessions: z.array(
      z.object({
        browser: z.string().nullable(),
        os: z.string().nullable(),
        ipAddress: z.string().nullable(),
        userAgent: z.string().nullable(),
        signedInAt: z.string(),
        lastSeenAt: z.string(),
        expiresAt: z.string(),
      }),
    ),
    activity: z
      .array(z.object({ createdAt: z.string(), actionType: z.string(), ipAddress: z.string().nullable() }))
      .describe("The activity log's entries about the account (sign-ins, changes), oldest first"),
  })
  .openapi("PersonalDataExport");

const ReviewChoice = z
  .enum(["keep", "delete"], { message: 'reviews must be "keep" (shown as by a former guest) or "delete"' })
  .describe('Reviews: "keep" shows them as written by a former guest, "delete" removes them');

export const DeleteMyAccountInput = z.object({
  password: z.string({ message: "Enter your password" }).min(1, "Enter your password").max(128, "That password is not right."),
  code: z
    .string()
    .trim()
    .max(20, "Enter the 6-digit code from your authenticator app, or a recovery code.")
    .optional()
    .describe("With two-factor sign-in on: a code from the authenticator app, or a recovery code"),
  reviews: ReviewChoice,
});

export const AdminDeleteAccountInput = z.object({
  requestedBy: z
    .string({ message: "Say who asked for the deletion" })
    .trim()
    .min(3, "Say who asked for the deletion, and how (e.g. the guest, by e-mail on 28 Nov)")
    .max(500, "At most 500 characters"),
  reviews: ReviewChoice,
});

export const AdminExportQuery = z.object({
  requestedBy: z
    .string({ message: "Say who asked for the export" })
    .trim()
    .min(3, "Say who asked for the export, and how (e.g. the guest, by e-mail on 28 Nov)")
    .max(500, "At most 500 characters"),
});

export const ErasureSummarySchema = z
  .object({
    deleted: z.literal(true),
    bookings: z.number().int().describe("The account's bookings, all anonymised"),
    bookingsKeepingGuestName: z.number().int().describe("Paid bookings that keep the guest's name for the legal period"),
    invoicesKept: z.number().int().describe("Invoices of these bookings, kept unchanged"),
    reviewsKept: z.number().int(),
    reviewsDeleted: z.number().int(),
  })
  .openapi("AccountErasure");
