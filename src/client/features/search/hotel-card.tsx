import { Link } from "react-router";
import { Check, MapPin } from "lucide-react";
import { countNights } from "../../../shared/dates.ts";
import type { HotelSummary, Stay } from "../../../shared/search.ts";
import { RatingBadge } from "../../components/rating-badge.tsx";
import { SaveHotelButton } from "../../components/save-hotel-button.tsx";
import { StarRating } from "../../components/star-rating.tsx";
import { cn } from "../../lib/cn.ts";
import { Money } from "../../components/money.tsx";
import { StayTotal } from "../../components/stay-price.tsx";
import { formatLocale } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { amenityText, propertyTypeLabel } from "../../lib/option-labels.ts";
import { hotelPath } from "../../lib/stay.ts";

/**
 * One search result. The hotel name is the card's only link, stretched over the whole card, so the
 * card is one click target and screen readers hear a short link name.
 */
export function HotelCard({
  hotel,
  stay,
  highlighted = false,
  onHighlight,
  priority = false,
}: {
  hotel: HotelSummary;
  stay: Stay;
  /** The first card of the results: its photo is the page's largest paint, fetched at once and first. */
  priority?: boolean;
  /** Its pin on the map is under the pointer or focused. */
  highlighted?: boolean;
  /** The pointer or focus came onto (true) or left (false) the card; the map highlights its pin. */
  onHighlight?: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  // A partner hotel confirms the rooms asked for, not how many more it has.
  const roomsLeftKnown = hotel.supplier === "inventory";
  const fewLeft = roomsLeftKnown && hotel.roomsAvailable > 0 && hotel.roomsAvailable <= 3;
  return (
    <article
      data-highlighted={highlighted ? "true" : undefined}
      onMouseEnter={onHighlight ? () => onHighlight(true) : undefined}
      onMouseLeave={onHighlight ? () => onHighlight(false) : undefined}
      onFocus={onHighlight ? () => onHighlight(true) : undefined}
      onBlur={onHighlight ? () => onHighlight(false) : undefined}
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-[0_1px_3px_rgb(15_23_42/0.06),0_8px_24px_-12px_rgb(15_23_42/0.12)] transition-shadow hover:shadow-[0_1px_3px_rgb(15_23_42/0.08),0_16px_36px_-12px_rgb(15_23_42/0.22)]",
        highlighted ? "ring-2 ring-brand-600" : null,
      )}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <img
          src={hotel.image}
          alt={hotel.name}
          width={800}
          height={600}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding={priority ? undefined : "async"}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {hotel.discountPercent > 0 ? (
          <span className="absolute top-3 left-3 rounded-full bg-red-600 px-2.5 py-1 text-xs font-bold text-white shadow-sm">
            -{hotel.discountPercent}%
          </span>
        ) : null}
        {/* Above the name's stretched link, so it is its own click target. */}
        <SaveHotelButton hotelId={hotel.id} hotelName={hotel.name} className="absolute top-3 right-3 z-10" />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <span className="flex items-center gap-2">
            {hotel.propertyType ? (
              <span className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
                {propertyTypeLabel(t, hotel.propertyType)}
              </span>
            ) : null}
            <StarRating stars={hotel.starRating} />
          </span>
          <RatingBadge rating={hotel.rating} reviewCount={hotel.reviewCount} supplier={hotel.supplier} />
        </div>
        <h3 className="mt-2 text-lg leading-snug font-semibold text-slate-900">
          <Link
            to={hotelPath(hotel.id, stay)}
            // The focus ring is drawn by the stretched box, around the whole card (inset, as the card clips its overflow).
            className="line-clamp-2 after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none focus-visible:after:ring-3 focus-visible:after:ring-brand-600 focus-visible:after:ring-inset"
          >
            {hotel.name}
          </Link>
        </h3>
        <p className="mt-1 flex gap-1 text-sm text-slate-600">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          <span>
            {hotel.city}, {hotel.country}
            {/* A partner may not say how far the hotel is from the centre (-1). */}
            {hotel.distanceFromCenterKm >= 0 ? (
              <>
                <span className="text-slate-400"> · </span>
                <span className="whitespace-nowrap">
                  {t("{{distance}} km from centre", {
                    distance: new Intl.NumberFormat(formatLocale(), { maximumFractionDigits: 1 }).format(hotel.distanceFromCenterKm),
                  })}
                </span>
              </>
            ) : null}
          </span>
        </p>
        {hotel.amenities.length > 0 ? (
          <ul aria-label={t("Amenities")} className="mt-3 flex flex-wrap gap-1.5">
            {hotel.amenities.slice(0, 4).map((amenity) => (
              <li key={amenity} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {amenityText(t, amenity)}
              </li>
            ))}
          </ul>
        ) : null}
        {(hotel.ratePlan ? hotel.ratePlan.freeCancellation : hotel.freeCancellationDays > 0) ? (
          <p className="mt-3 flex items-center gap-1 text-sm font-medium text-emerald-800">
            <Check aria-hidden="true" className="size-4 shrink-0" />
            {t("Free cancellation")}
          </p>
        ) : null}
        {/* The price's rate plan, when it is not a plain flexible room: what it includes and that it is non-refundable. */}
        {hotel.ratePlan && hotel.ratePlan.mealPlan !== "room_only" ? (
          <p className="mt-1 flex items-center gap-1 text-sm font-medium text-emerald-800">
            <Check aria-hidden="true" className="size-4 shrink-0" />
            {t("Breakfast included")}
          </p>
        ) : null}
        {hotel.ratePlan?.nonRefundable ? <p className="mt-1 text-sm text-slate-600">{t("Non-refundable")}</p> : null}
        <div className="mt-auto flex items-end justify-between gap-3 pt-4">
          <p className={cn("text-sm", fewLeft ? "font-semibold text-red-700" : "text-slate-600")}>
            {hotel.roomsAvailable === 0
              ? t("Sold out")
              : roomsLeftKnown
                ? t("{{count}} rooms left", { count: hotel.roomsAvailable })
                : t("Available")}
          </p>
          <div className="text-right">
            {hotel.originalPriceCents !== null && hotel.discountPercent > 0 ? (
              <p className="text-sm text-slate-500">
                <span className="sr-only">{t("Original price")} </span>
                <s>
                  <Money cents={hotel.originalPriceCents} currency={hotel.currency} />
                </s>
              </p>
            ) : null}
            <p className="text-2xl leading-tight font-bold tracking-tight text-slate-900">
              <Money cents={hotel.priceCents} currency={hotel.currency} />
            </p>
            <p className="text-xs text-slate-600">{t("per night")}</p>
            {/* The whole stay with the hotel's taxes and fees, as the server priced it (decision 061); not for a partner's hotel. */}
            {hotel.stayPrice ? (
              <StayTotal price={hotel.stayPrice} currency={hotel.currency} nights={countNights(stay.checkIn, stay.checkOut)} />
            ) : null}
          </div>
        </div>
      </div>
    </article>
  );
}
