import { useTranslation } from "../../lib/i18n.ts";
import { Link, useLocation } from "react-router";
import { Heart, LogIn, Trash2 } from "lucide-react";
import type { HotelCard } from "../../api/saved-hotels.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { HotelMiniCard, HotelMiniCardsSkeleton, miniCardGridClass } from "../../components/hotel-mini-card.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { PaymentCurrencyNote } from "../../components/money.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { useSavedHotels, useToggleSavedHotel, useVisitorSaves } from "../../lib/saved-hotels.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useHotelCards } from "../../lib/use-hotel-cards.ts";

function NoSavedHotels() {
  const { t } = useTranslation();
  return (
    <EmptyState icon={Heart} title={t("No saved hotels yet")} className="rounded-2xl border border-dashed border-slate-300 bg-white">
      {t("Tap the heart on any hotel to keep it here.")}{" "}
      <Link to="/" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
        {t("Find hotels")}
      </Link>
    </EmptyState>
  );
}

function SavedHotelGrid({ hotels }: { hotels: HotelCard[] }) {
  const { t } = useTranslation();
  const toggle = useToggleSavedHotel();
  return (
    <ul className={miniCardGridClass}>
      {hotels.map((hotel) => (
        <li key={hotel.id}>
          <HotelMiniCard
            hotel={hotel}
            footer={
              <Button
                variant="ghost"
                size="sm"
                className="-ml-3 text-slate-700"
                aria-label={t("Remove {{hotel}} from saved hotels", { hotel: hotel.name })}
                onClick={() => toggle({ hotelId: hotel.id, hotelName: hotel.name, save: false })}
              >
                <Trash2 aria-hidden="true" />
                {t("Remove")}
              </Button>
            }
          />
        </li>
      ))}
    </ul>
  );
}

function Count({ count }: { count: number }) {
  const { t } = useTranslation();
  return <p className="mt-1 text-slate-600">{t("{{count, number}} hotels", { count })}</p>;
}

/** The signed-in traveller's saves, from their account. */
function AccountSaves() {
  const { t } = useTranslation();
  const saved = useSavedHotels(true);
  if (saved.isError) {
    return (
      <LoadFailed
        layout="panel"
        title={t("Failed to load your saved hotels")}
        error={saved.error}
        onRetry={() => void saved.refetch()}
        retrying={saved.isFetching}
      />
    );
  }
  if (!saved.data) return <HotelMiniCardsSkeleton count={4} label={t("Loading saved hotels...")} />;
  const { hotels } = saved.data;
  return (
    <>
      <Count count={hotels.length} />
      <div className="mt-6">{hotels.length > 0 ? <SavedHotelGrid hotels={hotels} /> : <NoSavedHotels />}</div>
    </>
  );
}

/** A visitor's saves, kept in this browser, with the way to keep them for good. */
function BrowserSaves() {
  const { t } = useTranslation();
  const ids = useVisitorSaves();
  const cards = useHotelCards(ids);
  const location = useLocation();
  // The browser's order (newest first); a hotel just removed disappears before the next answer.
  const hotels = cards.data?.hotels.filter((hotel) => ids.includes(hotel.id));
  return (
    <>
      <div className="mt-6 flex flex-col gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-semibold text-slate-900">{t("Sign in to keep your saved hotels")}</h2>
          <p className="mt-1 text-sm text-slate-700">
            {t("These hotels are kept in this browser only. Sign in and we will add them to your account, on every device.")}
          </p>
        </div>
        <Button asChild>
          <Link to="/login" state={{ from: location }}>
            <LogIn aria-hidden="true" />
            {t("Sign In")}
          </Link>
        </Button>
      </div>
      <div className="mt-6">
        {ids.length === 0 || hotels?.length === 0 ? (
          <NoSavedHotels />
        ) : hotels ? (
          <SavedHotelGrid hotels={hotels} />
        ) : cards.isError ? (
          <LoadFailed
            layout="panel"
            title={t("Failed to load your saved hotels")}
            error={cards.error}
            onRetry={() => void cards.refetch()}
            retrying={cards.isFetching}
          />
        ) : (
          <HotelMiniCardsSkeleton count={Math.min(ids.length, 4)} label={t("Loading saved hotels...")} />
        )}
      </div>
    </>
  );
}

/** /saved: a signed-in traveller's saved hotels, or a visitor's browser-kept ones with a prompt to sign in. */
export function SavedPage() {
  const { user, loading } = useAuth();
  const { t } = useTranslation();
  useDocumentTitle(t("Saved hotels"));
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("Saved hotels")}</h1>
      <PaymentCurrencyNote className="mt-2" />
      {loading ? <Loading rows={3} className="mt-6" rowClassName="h-24 w-full rounded-2xl" /> : user ? <AccountSaves /> : <BrowserSaves />}
    </div>
  );
}
