import { useId, useState } from "react";
import { BedDouble, Images, Maximize2, Users } from "lucide-react";
import type { RatePlanOffer } from "../../../shared/rate-plan-offers.ts";
import type { RoomOffer } from "../../../shared/search.ts";
import { Money } from "../../components/money.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { Trans, useTranslation } from "../../lib/i18n.ts";
import { amenityText } from "../../lib/option-labels.ts";
import { PhotoViewer } from "./photo-viewer.tsx";
import { RatePlanCard } from "./rate-plan-card.tsx";

/** What a Reserve or Book Now button chose: a room, and its plan when the room is sold by plans. */
export type RoomChoice = { room: RoomOffer; plan: RatePlanOffer | null };

/** The same choice: one room and one plan (a plan id is null for a standard rate). */
export function sameChoice(choice: RoomChoice | null, room: RoomOffer, plan: RatePlanOffer | null): boolean {
  return choice !== null && choice.room.id === room.id && (choice.plan?.id ?? null) === (plan?.id ?? null);
}

type RoomCardProps = {
  room: RoomOffer;
  chosen: RoomChoice | null;
  /** Our own rooms say how many are left; a partner hotel only confirms the rooms asked for. */
  showRoomsLeft: boolean;
  nights: number;
  rooms: number;
  onBook: (choice: RoomChoice) => void;
  onOpenPhotos: (room: RoomOffer) => void;
};

function RoomCard({ room, chosen, showRoomsLeft, nights, rooms, onBook, onOpenPhotos }: RoomCardProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const fewLeft = showRoomsLeft && room.roomsAvailable > 0 && room.roomsAvailable <= 3;
  const [cover] = room.images;
  const plans = room.plans ?? [];
  const selected = chosen?.room.id === room.id;
  return (
    <article
      className={cn(
        "overflow-hidden rounded-2xl border bg-white shadow-[0_1px_3px_rgb(15_23_42/0.06)] sm:grid sm:grid-cols-[15rem_minmax(0,1fr)]",
        selected && plans.length === 0 ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-200/80",
      )}
    >
      <div className="relative aspect-[4/3] bg-slate-100 sm:aspect-auto">
        {cover ? (
          <button
            type="button"
            aria-label={t("View {{count}} photos of {{room}}", { count: room.images.length, room: room.name })}
            onClick={() => onOpenPhotos(room)}
            className="block size-full focus-visible:outline-offset-[-4px] focus-visible:outline-white"
          >
            <img src={cover} alt="" width={800} height={600} loading="lazy" className="size-full object-cover" />
            {room.images.length > 1 ? (
              <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-md bg-slate-950/70 px-2 py-1 text-xs font-medium text-white">
                <Images aria-hidden="true" className="size-3.5" />
                {room.images.length}
              </span>
            ) : null}
          </button>
        ) : null}
      </div>
      <div className="flex flex-col gap-4 p-4 sm:p-5 lg:flex-row">
        <div className="min-w-0 flex-1">
          <h3 className="text-lg font-semibold text-slate-900">{room.name}</h3>
          {room.description ? <p className="mt-1 text-sm leading-6 text-slate-600">{room.description}</p> : null}
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-slate-700">
            <li className="flex items-center gap-1.5">
              <Users aria-hidden="true" className="size-4 text-slate-500" />
              {t("Up to {{count}} guests", { count: room.maxGuests })}
            </li>
            <li className="flex items-center gap-1.5">
              <Maximize2 aria-hidden="true" className="size-4 text-slate-500" />
              {room.sizeM2} m²
            </li>
            <li className="flex items-center gap-1.5">
              <BedDouble aria-hidden="true" className="size-4 text-slate-500" />
              {room.bedType}
            </li>
          </ul>
          {room.amenities.length > 0 ? (
            <ul aria-label={t("{{room}} amenities", { room: room.name })} className="mt-3 flex flex-wrap gap-1.5">
              {room.amenities.map((amenity) => (
                <li key={amenity} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  {amenityText(t, amenity)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {plans.length > 0 ? null : (
          <div className="flex items-end justify-between gap-4 border-t border-slate-200 pt-4 lg:w-48 lg:shrink-0 lg:flex-col lg:items-stretch lg:justify-start lg:border-t-0 lg:border-l lg:pt-0 lg:pl-5 lg:text-right">
            <div className="min-w-0">
              {room.originalPriceCents !== null && room.discountPercent > 0 ? (
                <p className="flex items-center gap-2 text-sm lg:justify-end">
                  <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-bold text-red-700 ring-1 ring-red-200">
                    -{room.discountPercent}%
                  </span>
                  <span className="text-slate-500">
                    <span className="sr-only">{t("Original price")} </span>
                    <s>
                      <Money cents={room.originalPriceCents} currency={room.currency} />
                    </s>
                  </span>
                </p>
              ) : null}
              <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900">
                <Money cents={room.priceCents} currency={room.currency} />
              </p>
              <p className="text-xs text-slate-600">
                {room.nightlyPrices && new Set(room.nightlyPrices.map((n) => n.priceCents)).size > 1 ? (
                  <Trans
                    i18nKey="average per night · <total></total> for {{count}} nights"
                    count={room.nightlyPrices.length}
                    components={{ total: <Money cents={room.stayPriceCents} currency={room.currency} /> }}
                  />
                ) : (
                  t("per night")
                )}
              </p>
              {room.bookable ? (
                <p className={cn("mt-2 text-sm", fewLeft ? "font-semibold text-red-700" : "text-slate-600")}>
                  {showRoomsLeft ? t("{{count}} rooms left", { count: room.roomsAvailable }) : t("Available for your stay")}
                </p>
              ) : (
                <p id={reasonId} className="mt-2 text-sm font-medium text-amber-800">
                  {room.unavailableReason ?? t("Not available for your stay")}
                </p>
              )}
            </div>
            {/* aria-disabled rather than disabled: the button stays focusable, so keyboard and screen-reader users hear why. */}
            <Button
              className={cn("shrink-0 px-6 lg:w-full", room.bookable ? null : "cursor-not-allowed opacity-60 hover:bg-brand-700")}
              aria-disabled={room.bookable ? undefined : true}
              aria-describedby={room.bookable ? undefined : reasonId}
              onClick={() => (room.bookable ? onBook({ room, plan: null }) : null)}
            >
              {t("Book Now")}
            </Button>
          </div>
        )}
      </div>
      {plans.length > 0 ? (
        <section
          aria-label={t("Rates for {{room}}", { room: room.name })}
          className="border-t border-slate-200 bg-slate-50/60 p-3 sm:col-span-2 sm:p-4"
        >
          {showRoomsLeft ? (
            <p className={cn("mb-3 text-sm", room.bookable && fewLeft ? "font-semibold text-red-700" : "text-slate-600")}>
              {room.bookable
                ? t("{{count}} rooms left", { count: room.roomsAvailable })
                : (room.unavailableReason ?? t("Not available for your stay"))}
            </p>
          ) : null}
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {plans.map((plan) => (
              <li key={plan.id ?? "standard"} className="flex">
                <RatePlanCard
                  plan={plan}
                  roomReason={room.bookable ? null : room.unavailableReason}
                  currency={room.currency}
                  nights={nights}
                  rooms={rooms}
                  roomsLeft={showRoomsLeft ? room.roomsAvailable : null}
                  selected={sameChoice(chosen, room, plan)}
                  onReserve={(p) => onBook({ room, plan: p })}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

type RoomListProps = {
  rooms: RoomOffer[];
  chosen: RoomChoice | null;
  showRoomsLeft: boolean;
  nights: number;
  roomCount: number;
  onBook: (choice: RoomChoice) => void;
};

/** The hotel's room types; our own rooms list their rate plans side by side, each with its Reserve button. */
export function RoomList({ rooms, chosen, showRoomsLeft, nights, roomCount, onBook }: RoomListProps) {
  const [photos, setPhotos] = useState<{ room: RoomOffer; index: number | null } | null>(null);
  return (
    <>
      <ul className="space-y-4">
        {rooms.map((room) => (
          <li key={room.id}>
            <RoomCard
              room={room}
              chosen={chosen}
              showRoomsLeft={showRoomsLeft}
              nights={nights}
              rooms={roomCount}
              onBook={onBook}
              onOpenPhotos={(r) => setPhotos({ room: r, index: 0 })}
            />
          </li>
        ))}
      </ul>
      {photos ? (
        <PhotoViewer
          title={photos.room.name}
          images={photos.room.images}
          index={photos.index}
          onIndexChange={(index) => setPhotos(index === null ? null : { room: photos.room, index })}
        />
      ) : null}
    </>
  );
}
