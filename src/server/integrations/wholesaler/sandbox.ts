/**
 * A stand-in for the wholesaler's XML API, served by the app itself so TEST works without a
 * supplier account. It speaks the same protocol: every listed form field required, XML answers in
 * the supplier's namespace, <Error> elements for failures. Its hotels are its own (the demo
 * generator with another seed), not our inventory.
 *
 * Test hooks, so the booking flow's hard cases can be exercised on purpose:
 * - hotels whose id ends in 3 cost 5 % more at pre-book than in search ("price increased");
 * - a guest named "… Fail" makes BookV3 answer 'Room no longer available' (BookingFailed);
 * - a guest named "… Slow" makes BookV3 book, then answer only after 15 s (a timeout).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { type SandboxBookingStore, memorySandboxStore } from "./sandbox-booking-store.ts";
import { type SandboxDesk, bookV3, bookingInformation, cancelBooking, preBookV3 } from "./sandbox-booking.ts";
import { MEALS } from "./sandbox-catalogue.ts";
import { METHODS } from "./sandbox-methods.ts";
import { preBookSigningKey } from "./sandbox-prebook-code.ts";
import { searchV3, staticHotels } from "./sandbox-search.ts";
import { type SandboxAnswer, SandboxError, document, el, text } from "./sandbox-xml.ts";

export const SANDBOX_USERNAME = "sandbox";

/** The sandbox password: derived from the app secret, so each installation has its own. */
export function sandboxPassword(appSecret: string): string {
  return createHmac("sha256", appSecret).update("supplier-sandbox").digest("hex").slice(0, 16);
}

/** Compares two secrets in time independent of where they differ (hashes first, so lengths match too). */
function sameSecret(given: string | null, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given ?? ""), digest(expected)) && given !== null;
}

/**
 * One sandbox with its own bookings; `handle` answers one call. Photos are the app's own generated
 * images, addressed from `publicUrl` as a supplier's would be from its image host.
 */
export function createWholesalerSandbox(options: { appSecret: string; publicUrl: string; now?: () => Date; store?: SandboxBookingStore }) {
  const { appSecret, publicUrl } = options;
  const password = sandboxPassword(appSecret);
  const desk: SandboxDesk = {
    now: options.now ?? (() => new Date()),
    signingKey: preBookSigningKey(appSecret),
    bookings: options.store ?? memorySandboxStore(),
  };
  return {
    async handle(service: string, method: string, form: URLSearchParams): Promise<SandboxAnswer> {
      try {
        const spec = METHODS[method];
        if (!spec || spec.service !== service) throw new SandboxError("UnknownMethod", `${service} has no method ${method}`, 404);
        // Both compared, always: which of the two was wrong must not show in the time taken.
        const userOk = sameSecret(form.get("userName"), SANDBOX_USERNAME);
        const passwordOk = sameSecret(form.get("password"), password);
        if (!userOk || !passwordOk) {
          throw new SandboxError("Authentication", "Invalid username or password");
        }
        const missing = spec.params.find((p) => !form.has(p));
        if (missing) throw new SandboxError("MissingParameter", `Missing parameter: ${missing}`, 500);
        return await dispatch(desk, publicUrl, method, form);
      } catch (error) {
        if (!(error instanceof SandboxError)) throw error;
        const xml = document(
          "Error",
          text("ErrorType", error.type),
          text("Message", error.message),
          error.code === undefined ? null : text("Code", error.code),
        );
        return { status: error.status, xml, delayMs: 0, ...(error.type === "Authentication" ? { authFailed: true } : {}) };
      }
    },
  };
}

async function dispatch(desk: SandboxDesk, publicUrl: string, method: string, form: URLSearchParams): Promise<SandboxAnswer> {
  const answer = (xml: string): SandboxAnswer => ({ status: 200, xml, delayMs: 0 });
  switch (method) {
    case "GetLanguages":
      return answer(
        document(
          "languages",
          ...[
            ["en", "English"],
            ["fr", "French"],
            ["de", "German"],
            ["es", "Spanish"],
          ].map(([code, name]) => el("language", null, text("isoCode", code), text("name", name))),
        ),
      );
    case "GetMeals":
      return answer(
        document("getMealsResult", el("meals", null, ...MEALS.map((m) => el("meal", null, text("id", m.id), text("name", m.name))))),
      );
    case "GetStaticHotelsAndRooms":
      return answer(staticHotels(form, publicUrl));
    case "SearchV3":
      return answer(searchV3(form));
    case "PreBookV3":
      return answer(preBookV3(desk, form));
    case "BookV3":
      return bookV3(desk, form);
    case "CancelBooking":
      return answer(await cancelBooking(desk, form));
    default:
      return answer(await bookingInformation(desk, form));
  }
}
