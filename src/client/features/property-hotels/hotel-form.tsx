import { type FormEvent, useId, useState } from "react";
import { DEFAULT_CHILD_POLICY } from "../../../shared/children.ts";
import { AMENITY_LABELS, HotelInput } from "../../../shared/property-hotels.ts";
import type { PropertyHotel } from "../../api/property-hotels.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { AmenityChecklist } from "./amenity-checklist.tsx";
import { propertyFieldMessage } from "./field-messages.ts";
import { useDestinationChoices } from "./use-property-hotels.ts";

type Fields = {
  name: string;
  address: string;
  place: string;
  city: string;
  country: string;
  lat: string;
  lng: string;
  starRating: string;
  description: string;
  amenities: string[];
  cancellationPolicy: string;
  freeCancellationDays: string;
  childrenFreeUnderAge: string;
  childRate: string;
  checkInTime: string;
  checkOutTime: string;
  timeZone: string;
  hidden: boolean;
};

function fieldsOf(hotel: PropertyHotel | undefined): Fields {
  return {
    name: hotel?.name ?? "",
    address: hotel?.address ?? "",
    place: hotel ? `${hotel.city}, ${hotel.country}` : "",
    city: hotel?.city ?? "",
    country: hotel?.country ?? "",
    lat: hotel ? String(hotel.lat) : "",
    lng: hotel ? String(hotel.lng) : "",
    starRating: String(hotel?.starRating ?? 3),
    description: hotel?.description ?? "",
    amenities: hotel?.amenities.filter((a) => AMENITY_LABELS.includes(a)) ?? [],
    cancellationPolicy: hotel?.cancellationPolicy ?? "Free cancellation up to 2 days before check-in",
    freeCancellationDays: String(hotel?.freeCancellationDays ?? 2),
    childrenFreeUnderAge: String(hotel?.childrenFreeUnderAge ?? DEFAULT_CHILD_POLICY.freeUnderAge),
    childRate: ((hotel?.childRateCents ?? DEFAULT_CHILD_POLICY.childRateCents) / 100).toFixed(2),
    checkInTime: hotel?.checkInTime ?? "15:00",
    checkOutTime: hotel?.checkOutTime ?? "11:00",
    timeZone: hotel?.timeZone ?? "",
    hidden: hotel?.hidden ?? true,
  };
}

/** Every IANA zone the browser knows, the hotel's own first if the list lacks it (UTC). */
function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return current && !known.includes(current) ? [current, ...known] : known;
}

const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
/** "15" or "15.50" → cents; anything else is left for the schema to name. */
const cents = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : Number.NaN);

type HotelFormProps = {
  hotel?: PropertyHotel;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: HotelInput) => void;
};

/** The hotel's details; checked with the server's own rules before sending. */
export function HotelForm({ hotel, submitLabel, pending, onSubmit }: HotelFormProps) {
  const { t } = useTranslation();
  const [f, setF] = useState<Fields>(() => fieldsOf(hotel));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const placeQuery = useDebouncedValue(f.place.split(",")[0]!.trim(), 250);
  const choices = useDestinationChoices(placeQuery);
  const listId = useId();
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setF((prev) => ({ ...prev, [key]: value }));

  function choosePlace(text: string) {
    const match = choices.data?.find((c) => `${c.city}, ${c.country}` === text);
    setF((prev) => ({
      ...prev,
      place: text,
      city: match?.city ?? "",
      country: match?.country ?? "",
      // The city centre as a starting point for the coordinates, and its time zone.
      ...(match && (prev.lat === "" || prev.city !== match.city) ? { lat: String(match.lat), lng: String(match.lng) } : {}),
      ...(match && (prev.timeZone === "" || prev.city !== match.city) ? { timeZone: match.timeZone } : {}),
    }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // Typed (or pasted) before the suggestions for it arrived: matched now.
    const typed = choices.data?.find((c) => `${c.city}, ${c.country}` === f.place);
    const city = f.city || typed?.city || "";
    const country = f.country || typed?.country || "";
    const parsed = HotelInput.safeParse({
      name: f.name,
      address: f.address,
      city,
      country,
      lat: number(f.lat),
      lng: number(f.lng),
      starRating: number(f.starRating),
      description: f.description,
      amenities: f.amenities,
      cancellationPolicy: f.cancellationPolicy,
      freeCancellationDays: number(f.freeCancellationDays),
      childrenFreeUnderAge: number(f.childrenFreeUnderAge),
      childRateCents: cents(f.childRate),
      checkInTime: f.checkInTime,
      checkOutTime: f.checkOutTime,
      // Left empty on a new hotel: the server takes the zone of its coordinates.
      ...(f.timeZone ? { timeZone: f.timeZone } : {}),
      hidden: f.hidden,
    });
    const next: Record<string, string> = {};
    if (!city) next.place = t("Choose the city from the destination list");
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= propertyFieldMessage(issue.message, t);
    }
    if (next.city || next.country) next.place ??= next.city ?? next.country ?? "";
    setErrors(next);
    if (parsed.success && Object.keys(next).length === 0) onSubmit(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label={t("Hotel details")}>
      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        <TextField label={t("Name")} value={f.name} onChange={(e) => set("name", e.target.value)} error={errors.name} required />
        <TextField
          label={t("Address")}
          value={f.address}
          onChange={(e) => set("address", e.target.value)}
          error={errors.address}
          required
        />
        <div>
          <TextField
            label={t("City (from the destination list)")}
            value={f.place}
            list={listId}
            autoComplete="off"
            onChange={(e) => choosePlace(e.target.value)}
            error={errors.place}
            placeholder={t("Start typing, e.g. Lisbon")}
            required
          />
          <datalist id={listId}>
            {choices.data?.map((c) => (
              <option key={`${c.city}|${c.country}`} value={`${c.city}, ${c.country}`} />
            ))}
          </datalist>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="hotel-stars">{t("Star rating")}</Label>
          <NativeSelect id="hotel-stars" value={f.starRating} onChange={(e) => set("starRating", e.target.value)}>
            {[1, 2, 3, 4, 5].map((s) => (
              <option key={s} value={s}>
                {t("{{count}} stars", { count: s })}
              </option>
            ))}
          </NativeSelect>
        </div>
        <TextField
          label={t("Latitude")}
          inputMode="decimal"
          value={f.lat}
          onChange={(e) => set("lat", e.target.value)}
          error={errors.lat}
        />
        <TextField
          label={t("Longitude")}
          inputMode="decimal"
          value={f.lng}
          onChange={(e) => set("lng", e.target.value)}
          error={errors.lng}
        />
        <div className="space-y-1.5 sm:col-span-2">
          <Label htmlFor="hotel-description">{t("Description")}</Label>
          <Textarea id="hotel-description" rows={4} value={f.description} onChange={(e) => set("description", e.target.value)} />
          {errors.description ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.description}
            </p>
          ) : null}
        </div>
      </Card>

      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        <TextField
          label={t("Cancellation policy")}
          value={f.cancellationPolicy}
          onChange={(e) => set("cancellationPolicy", e.target.value)}
          error={errors.cancellationPolicy}
        />
        <TextField
          label={t("Free cancellation (days before check-in, 0 = non-refundable)")}
          inputMode="numeric"
          value={f.freeCancellationDays}
          onChange={(e) => set("freeCancellationDays", e.target.value)}
          error={errors.freeCancellationDays}
        />
        <TextField
          label={t("Children stay free under age (0–18; 18 = all children free)")}
          inputMode="numeric"
          value={f.childrenFreeUnderAge}
          onChange={(e) => set("childrenFreeUnderAge", e.target.value)}
          error={errors.childrenFreeUnderAge}
        />
        <TextField
          label={t("Child rate per night, $ (older children, each; 0 = free)")}
          inputMode="decimal"
          value={f.childRate}
          onChange={(e) => set("childRate", e.target.value)}
          error={errors.childRateCents}
        />
        <TextField
          label={t("Check-in from")}
          type="time"
          value={f.checkInTime}
          onChange={(e) => set("checkInTime", e.target.value)}
          error={errors.checkInTime}
        />
        <TextField
          label={t("Check-out by")}
          type="time"
          value={f.checkOutTime}
          onChange={(e) => set("checkOutTime", e.target.value)}
          error={errors.checkOutTime}
        />
        <div className="space-y-1.5">
          <Label htmlFor="hotel-time-zone">{t("Time zone")}</Label>
          <NativeSelect
            id="hotel-time-zone"
            value={f.timeZone}
            onChange={(e) => set("timeZone", e.target.value)}
            aria-describedby="hotel-time-zone-help"
            aria-invalid={errors.timeZone ? true : undefined}
          >
            {f.timeZone === "" ? <option value="">{t("The city's time zone")}</option> : null}
            {timeZoneOptions(f.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </NativeSelect>
          <p id="hotel-time-zone-help" className="text-sm text-slate-600">
            {t("Cancellation deadlines end at 23:59 in this time zone.")}
          </p>
          {errors.timeZone ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.timeZone}
            </p>
          ) : null}
        </div>
      </Card>

      <Card className="p-4 sm:p-6">
        <AmenityChecklist
          legend={t("Hotel amenities")}
          value={f.amenities}
          onChange={(v) => set("amenities", v)}
          error={errors.amenities}
        />
      </Card>

      <Card className="p-4 sm:p-6">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5 accent-brand-700"
            checked={f.hidden}
            onChange={(e) => set("hidden", e.target.checked)}
          />
          <span>
            <span className="font-medium text-slate-900">{t("Hidden from travellers")}</span>
            <span className="block text-sm text-slate-600">
              {t(
                "A hidden hotel is left out of search, suggestions and booking, and its page is not found. It needs an open room type before it can be shown.",
              )}
            </span>
          </span>
        </label>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={pending} aria-busy={pending || undefined}>
          {pending ? <Spinner /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
