import { type FormEvent, useState } from "react";
import { Dialog } from "radix-ui";
import { RoomTypeInput } from "../../../shared/property-hotels.ts";
import type { PropertyRoomType } from "../../api/property-hotels.ts";
import { Button } from "../../components/ui/button.tsx";
import { DialogContent } from "../../components/ui/dialog.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { AmenityChecklist } from "./amenity-checklist.tsx";
import { propertyFieldMessage } from "./field-messages.ts";
import { useSaveRoomType } from "./use-property-hotels.ts";

const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
/** "180" or "179.50" → cents; anything else is left for the schema to name. */
const cents = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : Number.NaN);

type RoomTypeDialogProps = {
  hotelId: number;
  room: PropertyRoomType | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Add or edit a room type; prices are typed in dollars and sent in cents. */
export function RoomTypeDialog({ hotelId, room, open, onOpenChange }: RoomTypeDialogProps) {
  const { t } = useTranslation();
  const save = useSaveRoomType(hotelId);
  const [f, setF] = useState(() => ({
    name: room?.name ?? "",
    description: room?.description ?? "",
    bedType: room?.bedType ?? "1 queen bed",
    sizeM2: String(room?.sizeM2 ?? 20),
    maxGuests: String(room?.maxGuests ?? 2),
    amenities: room?.amenities ?? [],
    totalRooms: String(room?.totalRooms ?? 5),
    price: room ? (room.priceCents / 100).toFixed(2) : "",
    originalPrice: room?.originalPriceCents ? (room.originalPriceCents / 100).toFixed(2) : "",
    closed: room?.closed ?? false,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof f>(key: K, value: (typeof f)[K]) => setF((prev) => ({ ...prev, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = RoomTypeInput.safeParse({
      name: f.name,
      description: f.description,
      bedType: f.bedType,
      sizeM2: number(f.sizeM2),
      maxGuests: number(f.maxGuests),
      amenities: f.amenities,
      totalRooms: number(f.totalRooms),
      priceCents: cents(f.price),
      originalPriceCents: f.originalPrice.trim() === "" ? null : cents(f.originalPrice),
      closed: f.closed,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= propertyFieldMessage(issue.message, t);
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate({ roomTypeId: room?.id ?? null, input: parsed.data }, { onSuccess: () => onOpenChange(false) });
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent title={room ? t("Edit {{name}}", { name: room.name }) : t("Add room type")} className="max-w-2xl">
        <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label={t("Room type")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t("Room name")} value={f.name} onChange={(e) => set("name", e.target.value)} error={errors.name} />
            <TextField label={t("Beds")} value={f.bedType} onChange={(e) => set("bedType", e.target.value)} error={errors.bedType} />
            <TextField
              label={t("Size (m²)")}
              inputMode="numeric"
              value={f.sizeM2}
              onChange={(e) => set("sizeM2", e.target.value)}
              error={errors.sizeM2}
            />
            <TextField
              label={t("Max guests")}
              inputMode="numeric"
              value={f.maxGuests}
              onChange={(e) => set("maxGuests", e.target.value)}
              error={errors.maxGuests}
            />
            <TextField
              label={t("Number of rooms")}
              inputMode="numeric"
              value={f.totalRooms}
              onChange={(e) => set("totalRooms", e.target.value)}
              error={errors.totalRooms}
            />
            <TextField
              label={t("Price per night ({{currency}})", { currency: "USD" })}
              inputMode="decimal"
              value={f.price}
              onChange={(e) => set("price", e.target.value)}
              error={errors.priceCents}
            />
            <TextField
              label={t("Original price (optional, higher)")}
              inputMode="decimal"
              value={f.originalPrice}
              onChange={(e) => set("originalPrice", e.target.value)}
              error={errors.originalPriceCents}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="room-description">{t("Room description")}</Label>
            <Textarea id="room-description" rows={3} value={f.description} onChange={(e) => set("description", e.target.value)} />
            {errors.description ? (
              <p role="alert" className="text-sm text-red-700">
                {errors.description}
              </p>
            ) : null}
          </div>
          <AmenityChecklist
            legend={t("Room amenities")}
            value={f.amenities}
            onChange={(v) => set("amenities", v)}
            error={errors.amenities}
          />
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-5 accent-brand-700"
              checked={f.closed}
              onChange={(e) => set("closed", e.target.checked)}
            />
            <span>
              <span className="font-medium text-slate-900">{t("Closed")}</span>
              <span className="block text-sm text-slate-600">
                {t("Stops new bookings of this room type; bookings already made stand.")}
              </span>
            </span>
          </label>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={save.isPending}>
                {t("Cancel")}
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
              {save.isPending ? <Spinner /> : null}
              {room ? t("Save room type") : t("Add room type")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog.Root>
  );
}
