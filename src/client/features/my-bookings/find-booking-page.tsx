import { useState } from "react";
import { Trans, useTranslation } from "../../lib/i18n.ts";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { Search } from "lucide-react";
import { BookingLookupInput } from "../../../shared/booking.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { lookUpBooking } from "../../api/bookings.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { BookingCard } from "./booking-card.tsx";
import { errorText } from "../../lib/error-text.ts";

type Found = Awaited<ReturnType<typeof lookUpBooking>>;

const linkClass = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800";

/** Public: a guest without an account finds a booking by its reference and e-mail, then downloads or cancels it. */
export function FindBookingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Find my booking"));
  const { user } = useAuth();
  const [found, setFound] = useState<Found | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(BookingLookupInput), defaultValues: { reference: "", email: "" } });

  async function lookUp(values: BookingLookupInput) {
    setServerError(null);
    try {
      // The access token is kept in memory only: it grants this booking until the page is left.
      setFound(await lookUpBooking(values));
    } catch (error) {
      setServerError(errorText(error, t("No booking matches this reference and email.")));
    }
  }

  function searchAgain() {
    setFound(null);
    reset();
  }

  return (
    <div className="relative isolate px-4 py-10 sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-[radial-gradient(40rem_16rem_at_50%_0%,var(--color-brand-100),transparent_70%)]"
      />
      <div className="mx-auto w-full max-w-2xl">
        <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">{t("Find my booking")}</h1>
        <p className="mx-auto mt-2 max-w-md text-center text-slate-600">
          {t("Enter the reference from your confirmation and the e-mail address you booked with.")}
        </p>

        {found ? (
          <div className="mt-8 space-y-4">
            <BookingCard
              booking={found.booking}
              accessToken={found.accessToken}
              onCancelled={(booking) => setFound({ ...found, booking })}
            />
            <div className="flex justify-center">
              <Button variant="ghost" onClick={searchAgain}>
                <Search aria-hidden="true" />
                {t("Find another booking")}
              </Button>
            </div>
          </div>
        ) : (
          <Card className="mx-auto mt-8 max-w-md p-6 sm:p-8">
            <form noValidate onSubmit={handleSubmit(lookUp)} className="space-y-5">
              {serverError ? <Alert variant="error">{serverError}</Alert> : null}
              <TextField
                label={t("Booking reference")}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                placeholder="BK1767225600000ABCDE"
                className="font-mono uppercase placeholder:normal-case"
                error={errors.reference?.message}
                {...register("reference")}
              />
              <TextField
                label={t("Email")}
                type="email"
                inputMode="email"
                autoComplete="email"
                error={errors.email?.message}
                {...register("email")}
              />
              <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
                {isSubmitting ? <Spinner /> : <Search aria-hidden="true" />}
                {t("Find booking")}
              </Button>
            </form>
          </Card>
        )}

        <p className="mt-6 text-center text-sm text-slate-600">
          {user ? (
            <Trans
              i18nKey="All bookings made while signed in are in <link>My Bookings</link>."
              components={{ link: <Link to="/my-bookings" className={linkClass} /> }}
            />
          ) : (
            <Trans
              i18nKey="Have an account? <link>Sign in</link> to see all your bookings."
              components={{ link: <Link to="/login" state={{ from: { pathname: "/my-bookings" } }} className={linkClass} /> }}
            />
          )}
        </p>
      </div>
    </div>
  );
}
