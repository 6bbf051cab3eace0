import {
  Bus,
  Car,
  Check,
  Coffee,
  Dumbbell,
  PawPrint,
  Plane,
  Snowflake,
  Sparkles,
  UtensilsCrossed,
  Waves,
  Wifi,
  Wine,
  type LucideIcon,
} from "lucide-react";
import { hotelAmenityList } from "../../../shared/amenities.ts";
import type { HotelSummary } from "../../../shared/search.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { amenityText } from "../../lib/option-labels.ts";

/** Spec section 3: the hotel's amenity texts plus a label per true flag, without near-duplicates ('Free WiFi' and 'WiFi'). */
export function hotelAmenities(hotel: Pick<HotelSummary, "amenities" | "flags">): string[] {
  return hotelAmenityList(hotel.amenities, hotel.flags);
}

// First match wins: 'airport' must be tested before 'air' (conditioning), 'breakfast' before 'bar'.
const ICON_RULES: [RegExp, LucideIcon][] = [
  [/wi-?fi|internet/i, Wifi],
  [/parking|garage|valet|car\b/i, Car],
  [/pool|swim/i, Waves],
  [/gym|fitness/i, Dumbbell],
  [/spa|sauna|massage|wellness/i, Sparkles],
  [/breakfast|coffee|café|cafe/i, Coffee],
  [/restaurant|dining|kitchen|room service/i, UtensilsCrossed],
  [/airport|flight/i, Plane],
  [/shuttle|transfer|bus/i, Bus],
  [/\bbar\b|lounge|wine|minibar/i, Wine],
  [/pet|dog/i, PawPrint],
  [/\bair\b|air.?condition|cooling/i, Snowflake],
];

export function amenityIcon(text: string): LucideIcon {
  return ICON_RULES.find(([pattern]) => pattern.test(text))?.[1] ?? Check;
}

export function AmenitiesGrid({ amenities }: { amenities: string[] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {amenities.map((amenity) => {
        // The icon is chosen by the English text; the reader sees it in their language.
        const Icon = amenityIcon(amenity);
        return (
          <li key={amenity} className="flex items-center gap-3 text-sm text-slate-800">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon aria-hidden="true" className="size-4.5" />
            </span>
            {amenityText(t, amenity)}
          </li>
        );
      })}
    </ul>
  );
}
