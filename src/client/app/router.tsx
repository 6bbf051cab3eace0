import { Suspense, lazy } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { createBrowserRouter, Outlet, useParams, useSearchParams } from "react-router";
import { HomePage } from "../features/home/home-page.tsx";
import { HotelPageSkeleton } from "../features/hotel/hotel-page-skeleton.tsx";
import { usePreloadHotel } from "../features/hotel/use-hotel-details.ts";
import { NotFoundPage } from "../features/not-found/not-found-page.tsx";
import { readStay } from "../../shared/search-address.ts";
import { SearchPage } from "../features/search/search-page.tsx";
import { Layout } from "./layout.tsx";
import { RouteError } from "./route-error.tsx";
import { RequireAdmin, RequireAuth, RequireFrontDesk, RequireHotelStaff } from "./route-guard.tsx";

// Account pages bring zod, react-hook-form and better-auth; they load on visit to keep the first page light.
const LoginPage = lazy(() => import("../features/auth/login-page.tsx").then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import("../features/auth/signup-page.tsx").then((m) => ({ default: m.SignupPage })));
const PasswordResetPage = lazy(() => import("../features/auth/password-reset-page.tsx").then((m) => ({ default: m.PasswordResetPage })));
const ResetPasswordPage = lazy(() => import("../features/auth/reset-password-page.tsx").then((m) => ({ default: m.ResetPasswordPage })));
const AccountSecurityPage = lazy(() =>
  import("../features/auth/account-security-page.tsx").then((m) => ({ default: m.AccountSecurityPage })),
);
// The hotel page (gallery viewer, room list) is only needed once a traveller opens a hotel.
const HotelPage = lazy(() => import("../features/hotel/hotel-page.tsx").then((m) => ({ default: m.HotelPage })));
// Booking code (forms, card entry) loads when a guest presses Book Now or returns from a payment.
const BookingDialog = lazy(() => import("../features/booking/booking-dialog.tsx").then((m) => ({ default: m.BookingDialog })));
const BookingSuccessPage = lazy(() =>
  import("../features/booking/booking-success-page.tsx").then((m) => ({ default: m.BookingSuccessPage })),
);
const HoldPaymentDialog = lazy(() => import("../features/booking/hold-payment-dialog.tsx").then((m) => ({ default: m.HoldPaymentDialog })));
const MyBookingsPage = lazy(() => import("../features/my-bookings/my-bookings-page.tsx").then((m) => ({ default: m.MyBookingsPage })));
const GuestReviews = lazy(() => import("../features/reviews/guest-reviews.tsx").then((m) => ({ default: m.GuestReviews })));
const RewardsPage = lazy(() => import("../features/rewards/rewards-page.tsx").then((m) => ({ default: m.RewardsPage })));
const SavedPage = lazy(() => import("../features/saved/saved-page.tsx").then((m) => ({ default: m.SavedPage })));
const FindBookingPage = lazy(() => import("../features/my-bookings/find-booking-page.tsx").then((m) => ({ default: m.FindBookingPage })));
// Admin code is requested only after the guard lets an admin through, so travellers never download it.
const AdminHomePage = lazy(() => import("../features/admin/admin-home-page.tsx").then((m) => ({ default: m.AdminHomePage })));
const MailboxPage = lazy(() => import("../features/admin/mailbox-page.tsx").then((m) => ({ default: m.MailboxPage })));
const AdminPanelPage = lazy(() => import("../features/admin/admin-panel-page.tsx").then((m) => ({ default: m.AdminPanelPage })));
const UserManagementPage = lazy(() =>
  import("../features/admin/user-management-page.tsx").then((m) => ({ default: m.UserManagementPage })),
);
const ActivityLogsPage = lazy(() => import("../features/admin/activity-logs-page.tsx").then((m) => ({ default: m.ActivityLogsPage })));
const ReviewModerationPage = lazy(() =>
  import("../features/admin/review-moderation-page.tsx").then((m) => ({ default: m.ReviewModerationPage })),
);
const FxRatesPage = lazy(() => import("../features/admin/fx-rates-page.tsx").then((m) => ({ default: m.FxRatesPage })));
const ApiSettingsPage = lazy(() => import("../features/admin/api-settings-page.tsx").then((m) => ({ default: m.ApiSettingsPage })));
const ApiDiagnosticsPage = lazy(() =>
  import("../features/admin/api-diagnostics-page.tsx").then((m) => ({ default: m.ApiDiagnosticsPage })),
);
const FrontDeskPage = lazy(() => import("../features/front-desk/front-desk-page.tsx").then((m) => ({ default: m.FrontDeskPage })));
const FrontDeskHotelsPage = lazy(() =>
  import("../features/front-desk/front-desk-hotels-page.tsx").then((m) => ({ default: m.FrontDeskHotelsPage })),
);
const SystemDiagnosticsPage = lazy(() =>
  import("../features/admin/system-diagnostics-page.tsx").then((m) => ({ default: m.SystemDiagnosticsPage })),
);
// Property management pages load only for hotel staff (admins and managers).
const RevenueReportsPage = lazy(() =>
  import("../features/revenue-reports/revenue-reports-page.tsx").then((m) => ({ default: m.RevenueReportsPage })),
);
const CalendarLinksPage = lazy(() =>
  import("../features/revenue-reports/calendar-links-page.tsx").then((m) => ({ default: m.CalendarLinksPage })),
);
const RateCalendarPage = lazy(() =>
  import("../features/rate-calendar/rate-calendar-page.tsx").then((m) => ({ default: m.RateCalendarPage })),
);
const RatePlansPage = lazy(() => import("../features/rate-plans/rate-plans-page.tsx").then((m) => ({ default: m.RatePlansPage })));
const InvoicesPage = lazy(() => import("../features/invoices/invoices-page.tsx").then((m) => ({ default: m.InvoicesPage })));
const PropertyHotelsPage = lazy(() =>
  import("../features/property-hotels/property-hotels-page.tsx").then((m) => ({ default: m.PropertyHotelsPage })),
);
const NewHotelPage = lazy(() => import("../features/property-hotels/new-hotel-page.tsx").then((m) => ({ default: m.NewHotelPage })));
const HotelEditPage = lazy(() => import("../features/property-hotels/hotel-edit-page.tsx").then((m) => ({ default: m.HotelEditPage })));
const TaxSettingsPage = lazy(() => import("../features/hotel-charges/tax-settings-page.tsx").then((m) => ({ default: m.TaxSettingsPage })));
const ExtrasPage = lazy(() => import("../features/hotel-charges/extras-page.tsx").then((m) => ({ default: m.ExtrasPage })));
const PromotionsPage = lazy(() => import("../features/promotions/promotions-page.tsx").then((m) => ({ default: m.PromotionsPage })));
const CalendarImportsPage = lazy(() =>
  import("../features/calendar-imports/calendar-imports-page.tsx").then((m) => ({ default: m.CalendarImportsPage })),
);
const WebhooksPage = lazy(() => import("../features/webhooks/webhooks-page.tsx").then((m) => ({ default: m.WebhooksPage })));
const ChannelKeysPage = lazy(() => import("../features/webhooks/channel-keys-page.tsx").then((m) => ({ default: m.ChannelKeysPage })));
const HotelImportPage = lazy(() =>
  import("../features/property-hotels/hotel-import-page.tsx").then((m) => ({ default: m.HotelImportPage })),
);

/** The root address: the search, around the home feature's landing page until someone searches. */
function HomeRoute() {
  return <SearchPage renderLanding={(slots) => <HomePage {...slots} />} />;
}

/** The hotel page with the features it shows composed in here, so features do not import each other. */
function HotelRoute() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  usePreloadHotel(id, readStay(params));
  // The page's own skeleton while its code loads (not the small spinner): the footer starts where it stays.
  return (
    <Suspense fallback={<HotelPageSkeleton />}>
      <HotelPage
        renderBooking={({ hotel, room, plan, stay, onClose }) => (
          <Suspense fallback={null}>
            <BookingDialog hotel={hotel} room={room} plan={plan} stay={stay} open onOpenChange={(open) => (open ? undefined : onClose())} />
          </Suspense>
        )}
        renderReviews={(hotelId) => (
          <Suspense fallback={<p role="status">{t("Loading reviews...")}</p>}>
            <GuestReviews hotelId={hotelId} />
          </Suspense>
        )}
      />
    </Suspense>
  );
}

/** My Bookings with the booking feature's payment step, to finish paying an unpaid hold. */
function MyBookingsRoute() {
  return (
    <MyBookingsPage
      renderPayment={({ booking, onClose }) => (
        <Suspense fallback={null}>
          <HoldPaymentDialog booking={booking} accessToken={null} onClose={onClose} />
        </Suspense>
      )}
    />
  );
}

/** A hotel's front desk (admins, managers and front-desk staff), with the booking feature's payment step to take a phone booking's card. */
function FrontDeskRoute() {
  return (
    <RequireFrontDesk>
      <FrontDeskPage
        renderPayment={({ hold, onClose }) => (
          <Suspense fallback={null}>
            <HoldPaymentDialog booking={hold.booking} accessToken={hold.accessToken} onClose={onClose} />
          </Suspense>
        )}
      />
    </RequireFrontDesk>
  );
}

function SignedInArea() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}

/** Property management: admins and hotel managers (the server checks each hotel against their scope). */
function HotelStaffArea() {
  return (
    <RequireHotelStaff>
      <Outlet />
    </RequireHotelStaff>
  );
}

function AdminArea() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}

// The spec's unprotected helper pages (/create-admin, /force-admin-setup, ...) are deliberately absent: they fall to the 404 page.
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: "hotel/:id", element: <HotelRoute /> },
          { path: "booking-success", element: <BookingSuccessPage /> },
          { path: "find-booking", element: <FindBookingPage /> },
          { path: "saved", element: <SavedPage /> },
          {
            element: <SignedInArea />,
            children: [
              { path: "my-bookings", element: <MyBookingsRoute /> },
              { path: "rewards", element: <RewardsPage /> },
              { path: "account/security", element: <AccountSecurityPage /> },
            ],
          },
          { path: "login", element: <LoginPage /> },
          { path: "signup", element: <SignupPage /> },
          { path: "password-reset", element: <PasswordResetPage /> },
          { path: "reset-password", element: <ResetPasswordPage /> },
          { path: "admin/hotels/:hotelId/front-desk", element: <FrontDeskRoute /> },
          {
            // Managers and front-desk staff (decision 064): the page shows the desk only what its routes allow.
            path: "admin/hotels/:hotelId/invoices",
            element: (
              <RequireFrontDesk>
                <InvoicesPage />
              </RequireFrontDesk>
            ),
          },
          {
            path: "admin/front-desk",
            element: (
              <RequireFrontDesk>
                <FrontDeskHotelsPage />
              </RequireFrontDesk>
            ),
          },
          {
            path: "admin/hotels",
            element: <HotelStaffArea />,
            children: [
              { index: true, element: <PropertyHotelsPage /> },
              { path: ":hotelId", element: <HotelEditPage /> },
            ],
          },
          {
            // Adding hotels and importing them are for admins; the server refuses managers too.
            path: "admin/hotels",
            element: <AdminArea />,
            children: [
              { path: "new", element: <NewHotelPage /> },
              { path: "import", element: <HotelImportPage /> },
            ],
          },
          {
            path: "admin",
            element: <AdminArea />,
            children: [
              { index: true, element: <AdminHomePage /> },
              { path: "mailbox", element: <MailboxPage /> },
              { path: "panel", element: <AdminPanelPage /> },
              { path: "users", element: <UserManagementPage /> },
              { path: "activity", element: <ActivityLogsPage /> },
              { path: "reviews", element: <ReviewModerationPage /> },
              { path: "api-settings", element: <ApiSettingsPage /> },
              { path: "exchange-rates", element: <FxRatesPage /> },
              { path: "promotions", element: <PromotionsPage /> },
              { path: "api-diagnostics", element: <ApiDiagnosticsPage /> },
              { path: "diagnostics", element: <SystemDiagnosticsPage /> },
            ],
          },
          {
            element: <HotelStaffArea />,
            children: [
              { path: "admin/reports", element: <RevenueReportsPage /> },
              { path: "admin/hotels/:hotelId/reports", element: <RevenueReportsPage /> },
              { path: "admin/hotels/:hotelId/ical", element: <CalendarLinksPage /> },
              { path: "admin/hotels/:hotelId/calendar-imports", element: <CalendarImportsPage /> },
              { path: "admin/hotels/:hotelId/calendar", element: <RateCalendarPage /> },
              { path: "admin/hotels/:hotelId/rate-plans", element: <RatePlansPage /> },
              { path: "admin/hotels/:hotelId/promotions", element: <PromotionsPage /> },
              { path: "admin/hotels/:hotelId/taxes", element: <TaxSettingsPage /> },
              { path: "admin/hotels/:hotelId/extras", element: <ExtrasPage /> },
              { path: "admin/webhooks", element: <WebhooksPage /> },
              { path: "admin/hotels/:hotelId/channel-keys", element: <ChannelKeysPage /> },
            ],
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
