import { useId, type ReactNode } from "react";
import { Star } from "lucide-react";
import { AMENITY_OPTIONS } from "../../../shared/amenities.ts";
import { PROPERTY_TYPES } from "../../../shared/property-types.ts";
import { DISTANCE_SLIDER, GUEST_RATING_OPTIONS, PRICE_SLIDER, STAR_OPTIONS, minRatingFor } from "../../../shared/search-options.ts";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Slider } from "../../components/ui/slider.tsx";
import { formatRating } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { amenityOptionLabel, guestRatingLabel, propertyTypeLabel } from "../../lib/option-labels.ts";
import {
  clearFilters,
  countActiveFilters,
  formatDistanceLimit,
  formatPriceLimit,
  readFilters,
  writeFilters,
  type Filters,
} from "./filter-state.ts";
import { useSliderDraft } from "./use-slider-draft.ts";

type FilterPanelProps = {
  params: URLSearchParams;
  /** Applies a change to the address as it is when the change is made (see SearchResults' update). */
  onParamsChange: (change: (current: URLSearchParams) => URLSearchParams) => void;
  /** The sidebar shows its heading and 'Clear filters'; the mobile sheet has them in its title bar and footer. */
  heading?: boolean;
};

function FilterGroup({ title, value, children }: { title: string; value?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className="border-t border-slate-200 pt-5 first:border-t-0 first:pt-0">
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {value ? <p className="mt-0.5 text-sm text-slate-600 tabular-nums">{value}</p> : null}
      <div className="mt-2">{children}</div>
    </div>
  );
}

function CheckboxRow({
  checked,
  onCheckedChange,
  children,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <li className="flex min-h-10 items-center gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(state) => onCheckedChange(state === true)} />
      <label htmlFor={id} className="flex flex-1 cursor-pointer items-center gap-2 py-2 text-sm text-slate-800">
        {children}
      </label>
    </li>
  );
}

function RadioRow({ name, checked, onSelect, children }: { name: string; checked: boolean; onSelect: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <li className="flex min-h-10 items-center gap-3">
      <input
        id={id}
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        className="size-5 shrink-0 cursor-pointer accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
      <label htmlFor={id} className="flex flex-1 cursor-pointer flex-wrap items-baseline gap-x-2 py-2 text-sm text-slate-800">
        {children}
      </label>
    </li>
  );
}

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);
}

/**
 * Price, distance, free cancellation, guest rating, star, property type and amenity filters; every
 * change goes into the address and restarts at page 1.
 */
export function FilterPanel({ params, onParamsChange, heading = true }: FilterPanelProps) {
  const { t } = useTranslation();
  const ratingName = useId();
  const filters = readFilters(params);
  const active = countActiveFilters(params);

  function apply(next: Filters) {
    onParamsChange((current) => writeFilters(current, next));
  }

  const [price, setPrice] = useSliderDraft([filters.minPrice, filters.maxPrice], ([min = PRICE_SLIDER.min, max = PRICE_SLIDER.max]) =>
    apply({ ...filters, minPrice: min, maxPrice: max }),
  );
  const [distance, setDistance] = useSliderDraft([filters.maxDistance], ([max = DISTANCE_SLIDER.max]) =>
    apply({ ...filters, maxDistance: max }),
  );
  const [minPrice = PRICE_SLIDER.min, maxPrice = PRICE_SLIDER.max] = price;
  const [maxDistance = DISTANCE_SLIDER.max] = distance;

  return (
    <div className="space-y-5">
      {heading ? (
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900">{t("Filters")}</h2>
          <Button
            variant="ghost"
            size="sm"
            className="-mr-3 text-brand-800"
            disabled={active === 0}
            onClick={() => onParamsChange(clearFilters)}
          >
            {t("Clear filters")}
          </Button>
        </div>
      ) : null}

      <FilterGroup title={t("Price per night")} value={`${formatPriceLimit(minPrice)} – ${formatPriceLimit(maxPrice)}`}>
        <Slider
          min={PRICE_SLIDER.min}
          max={PRICE_SLIDER.max}
          step={PRICE_SLIDER.step}
          minStepsBetweenThumbs={1}
          value={[minPrice, maxPrice]}
          onValueChange={setPrice}
          thumbLabels={[t("Minimum price"), t("Maximum price")]}
          formatValue={formatPriceLimit}
        />
      </FilterGroup>

      <FilterGroup title={t("Distance from centre")} value={formatDistanceLimit(t, maxDistance)}>
        <Slider
          min={DISTANCE_SLIDER.min}
          max={DISTANCE_SLIDER.max}
          step={DISTANCE_SLIDER.step}
          value={[maxDistance]}
          onValueChange={setDistance}
          thumbLabels={[t("Maximum distance")]}
          formatValue={(km) => formatDistanceLimit(t, km)}
        />
      </FilterGroup>

      <FilterGroup title={t("Cancellation")}>
        <ul>
          <CheckboxRow checked={filters.freeCancellation} onCheckedChange={(on) => apply({ ...filters, freeCancellation: on })}>
            {t("Free cancellation")}
          </CheckboxRow>
        </ul>
      </FilterGroup>

      <FilterGroup title={t("Guest rating")}>
        <ul>
          <RadioRow name={ratingName} checked={filters.guestRating === null} onSelect={() => apply({ ...filters, guestRating: null })}>
            {t("Any rating")}
          </RadioRow>
          {GUEST_RATING_OPTIONS.map((option) => (
            <RadioRow
              key={option.value}
              name={ratingName}
              checked={filters.guestRating === option.value}
              onSelect={() => apply({ ...filters, guestRating: option.value })}
            >
              {guestRatingLabel(t, option.value)}
              {/* Cards show the 5-point average; the 10-point score is twice it. */}
              <span className="text-xs text-slate-500">
                {t("{{rating}}+ out of 5", { rating: formatRating(minRatingFor(option.value)) })}
              </span>
            </RadioRow>
          ))}
        </ul>
      </FilterGroup>

      <FilterGroup title={t("Star rating")}>
        <ul>
          {STAR_OPTIONS.map((stars) => (
            <CheckboxRow
              key={stars}
              checked={filters.stars.includes(stars)}
              onCheckedChange={(on) => apply({ ...filters, stars: toggle(filters.stars, stars, on).sort((a, b) => b - a) })}
            >
              <span className="inline-flex gap-0.5" aria-hidden="true">
                {Array.from({ length: stars }, (_, i) => (
                  <Star key={i} className="size-4 fill-amber-400 text-amber-400" />
                ))}
              </span>
              <span className="sr-only">{t("{{count}} stars", { count: stars })}</span>
            </CheckboxRow>
          ))}
        </ul>
      </FilterGroup>

      <FilterGroup title={t("Property type")}>
        <ul>
          {PROPERTY_TYPES.map((type) => (
            <CheckboxRow
              key={type}
              checked={filters.propertyTypes.includes(type)}
              onCheckedChange={(on) =>
                apply({ ...filters, propertyTypes: PROPERTY_TYPES.filter((t) => (t === type ? on : filters.propertyTypes.includes(t))) })
              }
            >
              {propertyTypeLabel(t, type)}
            </CheckboxRow>
          ))}
        </ul>
      </FilterGroup>

      <FilterGroup title={t("Amenities")}>
        <ul>
          {AMENITY_OPTIONS.map((amenity) => (
            <CheckboxRow
              key={amenity}
              checked={filters.amenities.includes(amenity)}
              onCheckedChange={(on) => apply({ ...filters, amenities: toggle(filters.amenities, amenity, on) })}
            >
              {amenityOptionLabel(t, amenity)}
            </CheckboxRow>
          ))}
          {/* Selects rates (a plan with a meal), not hotels: a separate parameter from the amenities. */}
          <CheckboxRow checked={filters.breakfast} onCheckedChange={(on) => apply({ ...filters, breakfast: on })}>
            {t("Breakfast included")}
          </CheckboxRow>
        </ul>
      </FilterGroup>
    </div>
  );
}
