import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { timeout } from "hono/timeout";
import { apiDocsRoutes } from "./http/api-docs.ts";
import { describeApi } from "./http/describe-api.ts";
import { DomainError } from "./domain-error.ts";
import { DEFAULT_RETRY_AFTER_SECONDS, errorResponse, toErrorResponse } from "./http/errors.ts";
import { apiRouter } from "./http/openapi.ts";
import { clientRoutes } from "./http/static.ts";
import type { AppDeps, AppEnv } from "./http/types.ts";
import { cacheForVisitors, noStoreByDefault } from "./middleware/cache-control.ts";
import { forgetSearchAnswersAfterWrites } from "./middleware/search-answers.ts";
import { originCheck } from "./middleware/origin-check.ts";
import { readYourWrites } from "./middleware/read-your-writes.ts";
import { rejectUnsafeText } from "./middleware/reject-unsafe-text.ts";
import { requestLog } from "./middleware/request-log.ts";
import { createMetrics } from "./middleware/metrics.ts";
import { loadSession, requireAdmin, requireHotelAccess, requireHotelStaff, requireUser } from "./middleware/session.ts";
import { adminApiDiagnosticsRoutes } from "./routes/admin/api-diagnostics.ts";
import { adminApiSettingsRoutes } from "./routes/admin/api-settings.ts";
import { adminBookingRoutes } from "./routes/admin/bookings.ts";
import { adminFxRateRoutes } from "./routes/admin/fx-rates.ts";
import { HOTEL_IMPORT_BODY_LIMIT, HOTEL_IMPORT_PATH, adminHotelImportRoutes } from "./routes/admin/hotel-import.ts";
import { mailboxRoutes } from "./routes/admin/mailbox.ts";
import { adminSupplierSandboxRoutes } from "./routes/admin/supplier-sandbox.ts";
import { adminUserRoutes } from "./routes/admin/users.ts";
import { authRoutes } from "./routes/auth.ts";
import { bookingRoutes } from "./routes/bookings.ts";
import { frontDeskRoutes } from "./routes/front-desk.ts";
import { hotelStaffRoutes } from "./routes/hotel-staff.ts";
import { hotelChargeRoutes } from "./routes/hotel-charges.ts";
import { fxRateRoutes } from "./routes/fx-rates.ts";
import { destinationRoutes, hotelRoutes } from "./routes/hotels.ts";
import { paymentRoutes, simulatedPaymentRoutes } from "./routes/payments.ts";
import { calendarFeedRoutes, calendarLinkRoutes } from "./routes/ical.ts";
import { PROPERTY_UPLOAD_LIMIT, PROPERTY_UPLOAD_PATH, propertyHotelRoutes } from "./routes/property-hotels.ts";
import { imagesRouter } from "./routes/images.ts";
import { bookingInvoiceRoutes, propertyInvoiceRoutes } from "./routes/invoices.ts";
import { loyaltyRoutes } from "./routes/loyalty.ts";
import { mapRoutes } from "./routes/map.ts";
import { meRoutes } from "./routes/me.ts";
import { adminPromotionRoutes, hotelPromotionRoutes } from "./routes/promotions.ts";
import { rateCalendarRoutes } from "./routes/rate-calendar.ts";
import { ratePlanRoutes } from "./routes/rate-plans.ts";
import { REVIEW_UPLOAD_LIMIT, reviewModerationRoutes, reviewRoutes } from "./routes/reviews.ts";
import { revenueReportRoutes } from "./routes/revenue-reports.ts";
import { hotelCardRoutes, savedHotelRoutes } from "./routes/saved-hotels.ts";
import { siteStatsRoutes } from "./routes/site-stats.ts";
import { supplierSandboxRoutes } from "./routes/supplier-sandbox.ts";
import { uploadRoutes } from "./routes/uploads.ts";
import { webhookRoutes } from "./routes/webhooks.ts";
import { calendarImportRoutes } from "./routes/calendar-imports.ts";
import { channelApiRoutes, channelKeyRoutes } from "./routes/channel-api.ts";
import type { Tracing } from "./middleware/tracing.ts";

const API_BODY_LIMIT = 1024 * 1024;
/** How long a CDN or browser may reuse a visitor's search or hotel answer. */
const CATALOGUE_MAX_AGE_SECONDS = 30;
/** Exchange rates change daily at most, and a converted price is an estimate anyway. */
const FX_RATES_MAX_AGE_SECONDS = 600;

/** Review photos, hotel or room photos and the hotel CSV are the uploads; every other body stays small. */
function bodyLimits(): MiddlewareHandler<AppEnv> {
  // Built once: the middleware is chosen per request, not made per request.
  const limit = (maxSize: number, code: "PAYLOAD_TOO_LARGE" | "IMPORT_FILE_TOO_LARGE") =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is never read, so this socket cannot carry another request: the
        // client must hear that before it sends one on it.
        c.header("Connection", "close");
        throw new DomainError(code);
      },
    });
  const reviewUpload = limit(REVIEW_UPLOAD_LIMIT, "PAYLOAD_TOO_LARGE");
  const propertyUpload = limit(PROPERTY_UPLOAD_LIMIT, "PAYLOAD_TOO_LARGE");
  // A CSV over the limit is a clear 400 that says how to split it.
  const hotelImport = limit(HOTEL_IMPORT_BODY_LIMIT, "IMPORT_FILE_TOO_LARGE");
  const other = limit(API_BODY_LIMIT, "PAYLOAD_TOO_LARGE");
  return (c, next) => {
    // A GET or HEAD request has no body to limit (the Request's body is always null); asking for it
    // would only make @hono/node-server build the whole web Request.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    if (c.req.method !== "POST") return other(c, next);
    if (/^\/api\/hotels\/[^/]+\/reviews$/.test(c.req.path)) return reviewUpload(c, next);
    if (PROPERTY_UPLOAD_PATH.test(c.req.path)) return propertyUpload(c, next);
    return c.req.path === HOTEL_IMPORT_PATH ? hotelImport(c, next) : other(c, next);
  };
}

function apiRoutes(deps: AppDeps) {
  return (
    apiRouter()
      .use(noStoreByDefault)
      .use(bodyLimits())
      .use(timeout(deps.config.requestTimeoutMs))
      .use(originCheck(deps))
      .use(rejectUnsafeText)
      .use(loadSession(deps))
      .use(forgetSearchAnswersAfterWrites(deps))
      // Every admin endpoint checks the role on the server, whatever the client shows.
      .use("/admin/*", requireAdmin)
      // Property management: admins and hotel managers; a hotel in the path must be in the caller's scope.
      .use("/properties/*", requireHotelStaff)
      .use("/properties/*", requireHotelAccess(deps))
      // Routes whose answers are safe to cache opt in here; everything else stays no-store.
      // "/hotels/:id" is the hotel for a stay and, by the same pattern, /hotels/search (not /hotels/:id/reviews).
      .use("/hotels/:id", cacheForVisitors(CATALOGUE_MAX_AGE_SECONDS))
      .use("/hotel-cards", cacheForVisitors(CATALOGUE_MAX_AGE_SECONDS))
      .use("/fx-rates", cacheForVisitors(FX_RATES_MAX_AGE_SECONDS))
      .route("/auth", authRoutes(deps))
      .route("/me", meRoutes(deps))
      .route("/me/saved-hotels", savedHotelRoutes(deps))
      .route("/hotel-cards", hotelCardRoutes(deps))
      .route("/hotels", hotelRoutes(deps))
      .route("/destinations", destinationRoutes(deps))
      .route("/site-stats", siteStatsRoutes(deps))
      .route("/map", mapRoutes(deps))
      .route("/fx-rates", fxRateRoutes(deps))
      .route("/bookings", bookingRoutes(deps))
      .route("/bookings", bookingInvoiceRoutes(deps))
      .route("/loyalty", loyaltyRoutes(deps))
      .route("/", reviewRoutes(deps))
      .route("/admin/reviews", reviewModerationRoutes(deps))
      .route("/payments", paymentRoutes(deps))
      // Typed as mounted either way, so the client knows the simulated processor's routes; with Stripe they answer 404.
      .route(
        "/simulated-payments",
        deps.simulatedGateway
          ? simulatedPaymentRoutes(deps, deps.simulatedGateway)
          : (apiRouter() as unknown as ReturnType<typeof simulatedPaymentRoutes>),
      )
      .route("/properties", revenueReportRoutes(deps))
      .route("/properties", propertyInvoiceRoutes(deps))
      .route("/properties", calendarLinkRoutes(deps))
      .route("/ical", calendarFeedRoutes(deps))
      .route("/properties", rateCalendarRoutes(deps))
      .route("/properties", hotelPromotionRoutes(deps))
      .route("/properties", ratePlanRoutes(deps))
      .route("/properties", hotelChargeRoutes(deps))
      .route("/properties", propertyHotelRoutes(deps))
      .route("/admin/mailbox", mailboxRoutes(deps))
      .route("/admin", adminBookingRoutes(deps))
      .route("/admin", adminUserRoutes(deps))
      .route("/admin", adminApiSettingsRoutes(deps))
      .route("/admin", adminApiDiagnosticsRoutes(deps))
      .route("/admin", adminSupplierSandboxRoutes(deps))
      .route("/properties", frontDeskRoutes(deps))
      .route("/properties", hotelStaffRoutes(deps))
      .route("/properties/webhooks", webhookRoutes(deps))
      .route("/properties", channelKeyRoutes(deps))
      .route("/properties", calendarImportRoutes(deps))
      .route("/channel/v1", channelApiRoutes(deps))
      .route("/admin", adminHotelImportRoutes(deps))
      .route("/admin", adminFxRateRoutes(deps))
      .route("/admin", adminPromotionRoutes(deps))
      .all("*", (c) => {
        throw new DomainError("NOT_FOUND", `No API route for ${c.req.method} ${c.req.path}`);
      })
  );
}

/**
 * Builds the whole HTTP application: middleware in order, the API under /api, images and the client.
 * `tracing` (optional, middleware/tracing.ts) gives every request a span.
 */
export function createApp(deps: AppDeps, options: { tracing?: Tracing | null } = {}) {
  const app = apiRouter();
  // Off unless an OTLP endpoint is set: then outermost, so the request's span holds everything it did.
  if (options.tracing) app.use(options.tracing.middleware);
  // Stripe Elements loads Stripe.js and its frames from Stripe; only allowed when Stripe is the gateway.
  const stripe = deps.gateway.provider === "stripe";
  const mapHosts = deps.config.map.hosts;
  // Off unless METRICS_ENABLED: then first, so a request's time covers every middleware (decision 065).
  const metrics = deps.config.metrics ? createMetrics(deps, deps.config.metrics.token) : null;
  if (metrics) app.use(metrics.middleware);
  app.use(requestLog(deps));
  app.use(readYourWrites(deps));
  app.use(async (c, next) => {
    await next();
    // A stopping instance tells every kept-alive client to reconnect (to another instance).
    if (deps.lifecycle.draining) c.header("Connection", "close");
    if (c.res.status === 429 && !c.res.headers.has("Retry-After")) c.header("Retry-After", String(DEFAULT_RETRY_AFTER_SECONDS));
  });
  app.use(
    secureHeaders({
      // A route's own stricter headers (the CSP of /uploads and /images) win over these defaults.
      overwrite: false,
      permissionsPolicy: {
        camera: [],
        microphone: [],
        geolocation: [],
        payment: ["self", ...(stripe ? ["https://js.stripe.com"] : [])],
        usb: [],
      },
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // A LIVE supplier's hotel photos come from its own image servers (https only); the map's hosts may be http (a local style).
        imgSrc: ["'self'", "data:", "blob:", "https:", ...mapHosts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...(stripe ? ["https://js.stripe.com"] : [])],
        fontSrc: ["'self'", "data:"],
        // The map's style, tiles, glyphs and sprites are fetched only from the configured map hosts.
        connectSrc: ["'self'", ...mapHosts, ...(stripe ? ["https://api.stripe.com"] : [])],
        // MapLibre's worker: our own file, or a blob: when the page loads it from elsewhere.
        workerSrc: ["'self'", "blob:"],
        frameSrc: ["'self'", ...(stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.onError((error, c) =>
    toErrorResponse(c, error, (e) => deps.logger.error({ err: e, requestId: c.get("requestId") }, "unhandled error")),
  );
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  // Answered 404 when off, not by the client's pages.
  app.get("/metrics", (c) => {
    if (!metrics) throw new DomainError("NOT_FOUND");
    return metrics.scrape(c);
  });
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    if (deps.lifecycle.draining) return c.json({ status: "stopping" }, 503);
    // Not before the search and hotel statements are planned and prepared (main.ts, warm-up.ts).
    if (deps.lifecycle.warming) return c.json({ status: "warming up" }, 503);
    let timer: NodeJS.Timeout | undefined;
    // Its own short limit: a load balancer must learn of a frozen database sooner than any request would.
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), deps.config.readyTimeoutMs);
    });
    const answered = deps.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    // A replica that is down does not make the instance unready (its reads go to the primary); it is named.
    const [ready, replicas] = await Promise.all([
      Promise.race([answered, timedOut]),
      deps.database.replicas?.check(deps.config.readyTimeoutMs),
    ]);
    clearTimeout(timer);
    const extra = replicas ? { replicas } : {};
    return ready ? c.json({ status: "ready", ...extra }) : c.json({ status: "unavailable", ...extra }, 503);
  });
  // The contract: generated from the routes' own schemas and the app's guards, so it cannot drift from what they accept and answer.
  let description: ReturnType<typeof describeApi> | undefined;
  app.get("/api/openapi.json", async (c) => {
    description ??= describeApi(app, {
      sessionCookieName: (await deps.auth.$context).authCookies.sessionToken.name,
      // Read where they run: on a route (requireUser) or on the /admin and /properties prefixes below.
      guards: new Map([
        [requireUser, "user"],
        [requireAdmin, "staff"],
        [requireHotelStaff, "staff"],
      ]),
      info: { title: "Staywise API", version: "1", description: "Hotel search, bookings, payments, reviews, loyalty and the back office." },
    });
    return c.json(description);
  });
  app.route("/api/docs", apiDocsRoutes());
  const api = apiRoutes(deps);
  app.route("/api", api);
  app.route("/images", imagesRouter);
  app.route("/uploads", uploadRoutes(deps.storage));
  if (deps.config.supplierSandbox) app.route("/supplier-sandbox", supplierSandboxRoutes(deps.config, deps.db));
  if (deps.clientDir) app.route("/", clientRoutes(deps.clientDir));
  app.notFound((c) => errorResponse(c, new DomainError("NOT_FOUND")));
  return app;
}

export type ApiType = ReturnType<typeof apiRoutes>;
