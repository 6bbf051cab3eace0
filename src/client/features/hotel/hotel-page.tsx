import { type ReactNode, useMemo, useState } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { ArrowLeft, Baby, BedDouble, CalendarX2, MapPin, ShieldCheck } from "lucide-react";
import { childPolicyText, partyLabel } from "../../../shared/children.ts";
import type { RatePlanOffer } from "../../../shared/rate-plan-offers.ts";
import type { HotelDetail, RoomOffer, Stay } from "../../../shared/search.ts";
import { cancellationPolicyText } from "../../../shared/i18n/labels.ts";
import { LoadFailed } from "../../components/load-failed.tsx";
import { DateRangePicker } from "../../components/date-range-picker.tsx";
import { GuestsRoomsPicker } from "../../components/guests-rooms-select.tsx";
import { HotelMap } from "../../components/hotel-map.tsx";
import { Money, PaymentCurrencyNote } from "../../components/money.tsx";
import { RatingBadge } from "../../components/rating-badge.tsx";
import { SaveHotelButton } from "../../components/save-hotel-button.tsx";
import { StarRating } from "../../components/star-rating.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { formatMoney } from "../../lib/format.ts";
import { Trans, useTranslation } from "../../lib/i18n.ts";
import { propertyTypeLabel } from "../../lib/option-labels.ts";
import { useRecordHotelView } from "../../lib/recently-viewed.ts";
import { readStay } from "../../../shared/search-address.ts";
import { writeStay } from "../../lib/stay.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useFirstDrawDeferred } from "../../lib/use-first-draw-deferred.ts";
import { AmenitiesGrid, hotelAmenities } from "./hotel-amenities.tsx";
import { HotelPageSkeleton } from "./hotel-page-skeleton.tsx";
import { PhotoGallery } from "./photo-gallery.tsx";
import { type RoomChoice, RoomList } from "./room-list.tsx";
import { useHotelDetails } from "./use-hotel-details.ts";

/** Goes back in the app's history when there is some, otherwise to the search. */
function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router marks the first entry of a visit with the key 'default': there is nothing of ours to go back to.
  return () => (location.key === "default" ? void navigate("/") : void navigate(-1));
}

function HotelNotFound() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex size-16 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <BedDouble aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">{t("Hotel Not Found")}</h1>
      <p className="mt-3 text-slate-600">{t("Hotel not found")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" size="lg" onClick={goBack}>
          <ArrowLeft aria-hidden="true" />
          {t("Back")}
        </Button>
        <Button asChild size="lg">
          <Link to="/">{t("Return to Search")}</Link>
        </Button>
      </div>
    </div>
  );
}

function HotelLoadFailed({ error, retrying, onRetry }: { error: Error; retrying: boolean; onRetry: () => void }) {
  // A 400 is about the stay in the address (e.g. dates in the past): asking again will not help, fresh dates will.
  const { t } = useTranslation();
  const badStay = error instanceof ApiError && error.status === 400;
  const { pathname } = useLocation();
  return (
    <LoadFailed
      layout="page"
      icon={badStay ? CalendarX2 : undefined}
      title={t("Failed to load hotel details")}
      error={error}
      onRetry={badStay ? undefined : onRetry}
      retrying={retrying}
      actions={
        <>
          {badStay ? (
            <Button asChild size="lg">
              <Link to={pathname}>{t("Use today's dates")}</Link>
            </Button>
          ) : null}
          <Button asChild variant="secondary" size="lg">
            <Link to="/">{t("Return to Search")}</Link>
          </Button>
        </>
      }
    />
  );
}

type StayBarProps = { stay: Stay; onStayChange: (stay: Stay) => void };

/** Dates and party for pricing the rooms; a change goes into the address and re-prices. */
function StayBar({ stay, onStayChange }: StayBarProps) {
  return (
    <div className="grid gap-3 rounded-2xl border border-slate-200/80 bg-white p-3 shadow-[0_1px_3px_rgb(15_23_42/0.06)] sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] sm:p-4">
      <DateRangePicker
        checkIn={stay.checkIn}
        checkOut={stay.checkOut}
        onChange={(checkIn, checkOut) => onStayChange({ ...stay, checkIn, checkOut })}
      />
      <GuestsRoomsPicker
        party={stay}
        onPartyChange={(party) => onStayChange({ ...stay, ...party })}
        labelClassName="pointer-events-none absolute top-2 left-10 z-10 text-xs font-medium text-slate-600"
        className="h-14 rounded-xl pt-5 font-semibold"
      />
    </div>
  );
}

/** Where the hotel is: its address and a map with its pin (loaded as it nears the screen); a partner may not give coordinates. */
function HotelLocation({ hotel }: { hotel: HotelDetail }) {
  const { t } = useTranslation();
  const { lat, lng } = hotel;
  const pins = useMemo(
    () => (lat === null || lng === null ? [] : [{ id: hotel.id, lat, lng, name: hotel.name, label: hotel.name }]),
    [hotel.id, hotel.name, lat, lng],
  );
  // Our addresses end with the city; a partner's may not.
  const street = hotel.location.includes(hotel.city) ? [hotel.location] : [hotel.location, hotel.city];
  const address = [...street, hotel.country].filter(Boolean).join(", ");
  return (
    <section aria-labelledby="location-heading">
      <h2 id="location-heading" className="text-xl font-semibold text-slate-900">
        {t("Location")}
      </h2>
      <p className="mt-2 flex items-center gap-1.5 text-slate-700">
        <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
        {address}
      </p>
      {pins.length > 0 ? (
        <HotelMap
          pins={pins}
          label={t("Map showing where {{hotel}} is", { hotel: hotel.name })}
          whenVisible
          className="mt-4 h-72 sm:h-80"
        />
      ) : null}
    </section>
  );
}

/** The lowest nightly price a guest can book: a room's cheapest bookable plan where it is sold by plans. */
function cheapestBookable(rooms: RoomOffer[]): { priceCents: number; currency: string } | undefined {
  const prices = rooms
    .filter((room) => room.bookable)
    .flatMap((room) =>
      room.plans && room.plans.length > 0
        ? room.plans.filter((plan) => plan.bookable).map((plan) => ({ priceCents: plan.priceCents, currency: room.currency }))
        : [{ priceCents: room.priceCents, currency: room.currency }],
    );
  return prices.sort((a, b) => a.priceCents - b.priceCents)[0];
}

/**
 * Other features shown on this page (the booking dialog, the guest reviews) come in through these
 * slots from the app's router, so the hotel feature does not import them.
 */
export interface HotelPageSlots {
  /** `plan`: the rate plan reserved (null: a partner room, sold without plans). */
  renderBooking?: (booking: {
    hotel: HotelDetail;
    room: RoomOffer;
    plan: RatePlanOffer | null;
    stay: Stay;
    onClose: () => void;
  }) => ReactNode;
  renderReviews?: (hotelId: string) => ReactNode;
}

function HotelContent({
  hotel,
  stay,
  onStayChange,
  updating,
  stayError,
  renderBooking,
  renderReviews,
}: HotelPageSlots & { hotel: HotelDetail; stay: Stay; onStayChange: (stay: Stay) => void; updating: boolean; stayError: Error | null }) {
  const { t } = useTranslation();
  // Reserve (or a partner room's Book Now) records the chosen room and plan; the booking dialog opens from it.
  const [chosen, setChosen] = useState<RoomChoice | null>(null);
  const goBack = useGoBack();
  const amenities = hotelAmenities(hotel);
  const cheapest = cheapestBookable(hotel.rooms);
  useRecordHotelView(hotel.id);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 pb-16 sm:px-6 lg:px-8">
      <Button variant="ghost" size="sm" className="-ml-3" onClick={goBack}>
        <ArrowLeft aria-hidden="true" />
        {t("Back to results")}
      </Button>

      <header className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {hotel.propertyType ? (
              <span className="rounded-md bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-700">
                {propertyTypeLabel(t, hotel.propertyType)}
              </span>
            ) : null}
            <StarRating stars={hotel.starRating} />
          </div>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{hotel.name}</h1>
          <p className="mt-2 flex items-center gap-1.5 text-slate-600">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            {hotel.city}, {hotel.country}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <RatingBadge rating={hotel.rating} reviewCount={hotel.reviewCount} supplier={hotel.supplier} className="text-base" />
          <SaveHotelButton hotelId={hotel.id} hotelName={hotel.name} variant="labelled" />
        </div>
      </header>

      <div className="mt-6">
        <PhotoGallery hotelName={hotel.name} images={hotel.images.length > 0 ? hotel.images : [hotel.image]} />
      </div>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-12">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-xl font-semibold text-slate-900">
              {t("About this hotel")}
            </h2>
            <p className="mt-3 leading-7 whitespace-pre-line text-slate-700">
              {hotel.description?.trim() || t("Enjoy a comfortable stay at this wonderful hotel.")}
            </p>
          </section>

          <section id="rooms" aria-labelledby="rooms-heading" className="scroll-mt-20">
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
              <h2 id="rooms-heading" className="text-xl font-semibold text-slate-900">
                {t("Available Rooms")}
              </h2>
              <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
                {updating ? (
                  <>
                    <Spinner className="text-brand-700" />
                    {t("Updating prices...")}
                  </>
                ) : null}
              </p>
            </div>
            <div className="mt-4">
              <StayBar stay={stay} onStayChange={onStayChange} />
            </div>
            {stayError ? (
              <Alert variant="error" className="mt-4">
                {stayError.message}
              </Alert>
            ) : null}
            <div className={cn("mt-5 transition-opacity", updating ? "opacity-60" : null)} aria-busy={updating}>
              {hotel.rooms.length > 0 ? (
                <RoomList
                  rooms={hotel.rooms}
                  chosen={chosen}
                  showRoomsLeft={hotel.supplier === "inventory"}
                  nights={hotel.nights}
                  roomCount={stay.rooms}
                  onBook={setChosen}
                />
              ) : (
                <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-slate-700">
                  <Trans
                    i18nKey="<strong>Rooms Available:</strong> Contact the hotel for room availability and pricing."
                    components={{ strong: <span className="font-semibold text-slate-900" /> }}
                  />
                </p>
              )}
            </div>
          </section>

          {amenities.length > 0 ? (
            <section aria-labelledby="amenities-heading">
              <h2 id="amenities-heading" className="text-xl font-semibold text-slate-900">
                {t("Amenities")}
              </h2>
              <div className="mt-4">
                <AmenitiesGrid amenities={amenities} />
              </div>
            </section>
          ) : null}

          <HotelLocation hotel={hotel} />

          {/* Our guests review our own hotels; a partner hotel's rating comes from the partner. */}
          {renderReviews && hotel.supplier === "inventory" ? renderReviews(hotel.id) : null}
        </div>

        <aside aria-label={t("Stay summary")} className="lg:row-start-1 lg:col-start-2">
          <Card className="space-y-5 p-5 lg:sticky lg:top-20">
            <div>
              {cheapest ? (
                <>
                  <p className="text-sm text-slate-600">
                    {t("{{nights}}, {{party}} · from", {
                      nights: t("{{count}} nights", { count: hotel.nights }),
                      party: partyLabel(stay.guests, stay.childAges, stay.children, t),
                    })}
                  </p>
                  <p className="text-3xl font-bold tracking-tight text-slate-900">
                    <Money cents={cheapest.priceCents} currency={cheapest.currency} />
                    <span className="ml-1 text-sm font-normal text-slate-600">{t("per night")}</span>
                  </p>
                  <PaymentCurrencyNote currency={cheapest.currency} className="mt-2" />
                </>
              ) : (
                <p className="font-medium text-slate-900">{t("No rooms for these dates and guests")}</p>
              )}
            </div>
            <Button asChild size="lg" className="w-full">
              <a href="#rooms">{t("See rooms")}</a>
            </Button>
            <div className="flex gap-3 border-t border-slate-200 pt-4">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
              <div>
                <h2 className="text-sm font-semibold text-slate-900">{t("Cancellation policy")}</h2>
                <p className="mt-1 text-sm text-slate-600">
                  {/* Rooms sold by rate plans have each plan's own terms; the hotel's single rule is only for rooms without plans. */}
                  {hotel.rooms.some((room) => room.plans?.some((plan) => plan.id !== null))
                    ? t("Each rate has its own cancellation terms, shown with its price.")
                    : cancellationPolicyText(t, hotel.cancellationPolicy)}
                </p>
              </div>
            </div>
            {hotel.childPolicy ? (
              <div className="flex gap-3 border-t border-slate-200 pt-4">
                <Baby aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
                <div>
                  <h2 className="text-sm font-semibold text-slate-900">{t("Children")}</h2>
                  <p className="mt-1 text-sm text-slate-600">
                    {childPolicyText(hotel.childPolicy, (cents) => formatMoney(cents, hotel.currency), t)}
                  </p>
                  {hotel.childChargeCents > 0 ? (
                    <p className="mt-1 text-sm text-slate-600">
                      {t("Child charges for your stay: {{amount}}, added to the room price", {
                        amount: formatMoney(hotel.childChargeCents, hotel.currency),
                      })}
                    </p>
                  ) : null}
                </div>
              </div>
            ) : null}
          </Card>
        </aside>
      </div>
      {chosen && renderBooking
        ? renderBooking({ hotel, room: chosen.room, plan: chosen.plan, stay, onClose: () => setChosen(null) })
        : null}
    </div>
  );
}

export function HotelPage({ renderBooking, renderReviews }: HotelPageSlots) {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const stay = readStay(params);
  const query = useHotelDetails(id, stay);
  const { data, error, isError, isFetching, isPlaceholderData, refetch } = query;

  // A failed re-price (new dates) keeps the hotel on screen with the error, like a failed search.
  const [lastHotel, setLastHotel] = useState<HotelDetail | undefined>(data);
  if (data !== undefined && data !== lastHotel) setLastHotel(data);
  const hotel = data ?? (isError && lastHotel?.id === id ? lastHotel : undefined);
  const notFound = isError && error instanceof ApiError && error.status === 404;
  // The page is first drawn in a deferred render, split into short slices: drawn as the answer came
  // in, it held a phone's main thread for ~0.3 s (x4 CPU) in one task (issue 32 item 4). The
  // skeleton stays until then; new dates are drawn at once.
  const shownHotel = useFirstDrawDeferred(hotel ?? null, null);

  useDocumentTitle(hotel ? hotel.name : notFound ? t("Hotel Not Found") : isError ? t("Failed to load hotel details") : t("Hotel"));

  function changeStay(next: Stay) {
    const nextParams = new URLSearchParams(params);
    writeStay(nextParams, next);
    // Re-pricing is a refinement of this page, not a new page in the history.
    setParams(nextParams, { replace: true, preventScrollReset: true });
  }

  if (hotel && shownHotel) {
    return (
      <HotelContent
        hotel={shownHotel}
        stay={stay}
        onStayChange={changeStay}
        updating={isFetching && (isPlaceholderData || isError)}
        stayError={isError ? error : null}
        {...(renderBooking ? { renderBooking } : {})}
        {...(renderReviews ? { renderReviews } : {})}
      />
    );
  }
  if (hotel) return <HotelPageSkeleton />;
  if (notFound) return <HotelNotFound />;
  if (isError) return <HotelLoadFailed error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  return <HotelPageSkeleton />;
}
