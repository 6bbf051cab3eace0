import { useId, useState, type FormEvent } from "react";
import { Dialog } from "radix-ui";
import type { ExtrasChoice } from "../../../shared/extras.ts";
import { PhoneBookingInput } from "../../../shared/front-desk.ts";
import { addDays } from "../../../shared/dates.ts";
import type { PhoneBookingMade } from "../../api/front-desk.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DialogContent } from "../../components/ui/dialog.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PriceBreakdown } from "../../components/price-breakdown.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { formatMoney } from "../../lib/format.ts";
import { fieldMessage } from "../../lib/error-text.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { ExtrasField } from "../../components/extras-field.tsx";
import { usePhoneBooking, usePhoneQuote, useRoomChoices } from "./use-front-desk.ts";

type Props = {
  hotelId: number;
  today: string;
  onClose: () => void;
  /** Paid by card: the hold to take the card for (the booking feature's payment step, composed in the router). */
  onCardHold: (hold: NonNullable<PhoneBookingMade["hold"]>) => void;
};

/** A booking taken by phone for a guest: their details, the stay and room, and card or pay at hotel. */
export function PhoneBookingDialog({ hotelId, today, onClose, onCardHold }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    guestName: "",
    guestEmail: "",
    guestPhone: "",
    checkIn: today,
    checkOut: addDays(today, 1),
    guests: "2",
    roomTypeId: "",
    ratePlanId: "",
    payment: "card" as "card" | "pay_at_hotel",
  });
  const [extras, setExtras] = useState<ExtrasChoice>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const rooms = useRoomChoices(hotelId, form.checkIn, form.checkOut, Number(form.guests) || 1);
  const bookable = rooms.data?.rooms.filter((r) => r.bookable) ?? [];
  const room = bookable.find((r) => r.id === form.roomTypeId);
  const plans = (room?.plans ?? []).filter((p) => p.bookable && p.id !== null);
  // Until the desk picks one, the first rate the stay can have.
  const chosenPlan = plans.find((p) => p.id === form.ratePlanId) ?? plans[0];
  // The server's price of exactly what will be booked (room, rate, extras, taxes and fees), once a room is chosen.
  const quoteInput =
    room && form.checkOut > form.checkIn
      ? {
          roomTypeId: room.id,
          ratePlanId: chosenPlan?.id ?? undefined,
          checkIn: form.checkIn,
          checkOut: form.checkOut,
          guests: Number(form.guests) || 1,
          extras,
        }
      : null;
  const quote = usePhoneQuote(hotelId, quoteInput);
  const book = usePhoneBooking(hotelId);
  const roomId = useId();
  const planId = useId();
  const paymentId = useId();

  function set<K extends keyof typeof form>(key: K, value: (typeof form)[K]) {
    setForm((f) => ({ ...f, [key]: value }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // A room type without plans sells as before plans: no rate is sent.
    const parsed = PhoneBookingInput.safeParse({ ...form, ratePlanId: chosenPlan?.id ?? undefined, extras });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= fieldMessage(issue.message);
      setErrors(found);
      return;
    }
    if (form.checkOut <= form.checkIn) {
      setErrors({ checkOut: t("Check-out must be after check-in") });
      return;
    }
    setErrors({});
    book.mutate(parsed.data, {
      onSuccess: (made) => {
        if (made.hold) onCardHold(made.hold);
        else onClose();
      },
    });
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open || book.isPending ? undefined : onClose())}>
      <DialogContent title={t("Phone booking")} description={t("Book a room for a guest on the phone.")} className="max-w-lg">
        <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
          <TextField
            label={t("Guest name")}
            value={form.guestName}
            error={errors.guestName}
            onChange={(e) => set("guestName", e.target.value)}
            autoComplete="off"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("Guest e-mail")}
              type="email"
              value={form.guestEmail}
              error={errors.guestEmail}
              onChange={(e) => set("guestEmail", e.target.value)}
            />
            <TextField
              label={t("Guest phone")}
              type="tel"
              value={form.guestPhone}
              error={errors.guestPhone}
              onChange={(e) => set("guestPhone", e.target.value)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label={t("Check-in")}
              type="date"
              min={today}
              value={form.checkIn}
              error={errors.checkIn}
              onChange={(e) => set("checkIn", e.target.value)}
            />
            <TextField
              label={t("Check-out")}
              type="date"
              min={form.checkIn}
              value={form.checkOut}
              error={errors.checkOut}
              onChange={(e) => set("checkOut", e.target.value)}
            />
            <TextField
              label={t("Guests")}
              type="number"
              min={1}
              max={20}
              value={form.guests}
              error={errors.guests}
              onChange={(e) => set("guests", e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={roomId}>{t("Room type")}</Label>
            <NativeSelect
              id={roomId}
              value={form.roomTypeId}
              onChange={(e) => {
                setForm((f) => ({ ...f, roomTypeId: e.target.value, ratePlanId: "" }));
                setExtras([]);
              }}
              aria-invalid={errors.roomTypeId ? true : undefined}
              disabled={!rooms.data}
            >
              <option value="">
                {rooms.isFetching
                  ? t("Loading rooms...")
                  : bookable.length === 0 && rooms.data
                    ? t("No room free for these dates")
                    : t("Choose a room type")}
              </option>
              {bookable.map((room) => (
                <option key={room.id} value={room.id}>
                  {t("{{room}}: {{price}} a night, {{count}} left", {
                    room: room.name,
                    price: formatMoney(room.priceCents, room.currency),
                    count: room.roomsAvailable,
                  })}
                </option>
              ))}
            </NativeSelect>
            {errors.roomTypeId ? (
              <p role="alert" className="text-sm text-red-700">
                {errors.roomTypeId}
              </p>
            ) : null}
            {rooms.isError ? <Alert variant="error">{rooms.error.message}</Alert> : null}
          </div>
          {plans.length > 0 ? (
            <div className="space-y-1.5">
              <Label htmlFor={planId}>{t("Rate")}</Label>
              <NativeSelect id={planId} value={chosenPlan?.id ?? ""} onChange={(e) => set("ratePlanId", e.target.value)}>
                {plans.map((plan) => (
                  <option key={plan.id} value={plan.id ?? ""}>
                    {t("{{plan}}: {{price}} for the stay", {
                      plan: plan.name,
                      price: formatMoney(plan.totalPriceCents, room?.currency ?? "USD"),
                    })}
                  </option>
                ))}
              </NativeSelect>
              {chosenPlan ? <p className="text-xs text-slate-600">{chosenPlan.cancellationText}</p> : null}
            </div>
          ) : null}
          {quote.data && quoteInput ? (
            <ExtrasField extras={quote.data.availableExtras} currency={quote.data.charges.currency} chosen={extras} onChange={setExtras} />
          ) : null}
          {quoteInput ? (
            <div className="rounded-xl bg-slate-50 px-4 py-3" aria-live="polite" aria-busy={quote.isFetching || undefined}>
              {quote.data ? <PriceBreakdown charges={quote.data.charges} /> : null}
              {quote.isError ? <Alert variant="error">{quote.error.message}</Alert> : null}
              {!quote.data && !quote.isError ? <Spinner /> : null}
            </div>
          ) : null}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">{t("Payment")}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={paymentId} checked={form.payment === "card"} onChange={() => set("payment", "card")} />
              {t("Card now (the guest's card, through the payment form)")}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={paymentId}
                checked={form.payment === "pay_at_hotel"}
                onChange={() => set("payment", "pay_at_hotel")}
              />
              {t("Pay at hotel (confirmed now, nothing charged)")}
            </label>
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose} disabled={book.isPending}>
              {t("Cancel")}
            </Button>
            <Button type="submit" disabled={book.isPending} aria-busy={book.isPending || undefined}>
              {book.isPending ? <Spinner /> : null}
              {form.payment === "card" ? t("Continue to payment") : t("Confirm booking")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog.Root>
  );
}
