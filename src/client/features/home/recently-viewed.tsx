import { useTranslation } from "../../lib/i18n.ts";
import { HotelMiniCard, HotelMiniCardsSkeleton, miniCardGridClass } from "../../components/hotel-mini-card.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { SaveHotelButton } from "../../components/save-hotel-button.tsx";
import { useRecentlyViewedIds } from "../../lib/recently-viewed.ts";
import { useHotelCards } from "../../lib/use-hotel-cards.ts";

/** The hotels this browser opened last; nothing at all for a first visit (or when none of them is still listed). */
export function RecentlyViewed() {
  const { t } = useTranslation();
  const ids = useRecentlyViewedIds();
  const cards = useHotelCards(ids);
  if (ids.length === 0) return null;
  const hotels = cards.data?.hotels.filter((hotel) => ids.includes(hotel.id));
  if (hotels?.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 sm:pt-16 lg:px-8">
      <h2 id="recently-viewed-heading" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        {t("Recently viewed")}
      </h2>
      <p className="mt-1 text-slate-600">{t("Pick up where you left off.")}</p>
      <div className="mt-6">
        {hotels ? (
          <ul className={miniCardGridClass}>
            {hotels.map((hotel) => (
              <li key={hotel.id}>
                <HotelMiniCard hotel={hotel} overlay={<SaveHotelButton hotelId={hotel.id} hotelName={hotel.name} />} />
              </li>
            ))}
          </ul>
        ) : cards.isError ? (
          <LoadFailed
            title={t("Failed to load recently viewed hotels")}
            error={cards.error}
            onRetry={() => void cards.refetch()}
            retrying={cards.isFetching}
          />
        ) : (
          <HotelMiniCardsSkeleton count={Math.min(ids.length, 4)} label={t("Loading recently viewed hotels...")} />
        )}
      </div>
    </section>
  );
}
