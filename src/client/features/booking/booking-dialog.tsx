import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import type { SessionUser } from "../../../shared/auth.ts";
import { DEFAULT_HOLD_MINUTES, GuestDetails, type CreateBookingResponse } from "../../../shared/booking.ts";
import type { ExtrasChoice } from "../../../shared/extras.ts";
import type { PriceQuote } from "../../../shared/price-quote.ts";
import { offerTotalCents } from "../../../shared/rates.ts";
import type { RatePlanOffer } from "../../../shared/rate-plan-offers.ts";
import type { HotelDetail, RoomOffer, Stay } from "../../../shared/search.ts";
import { DialogContent } from "../../components/ui/dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatDateRange } from "../../lib/format.ts";
import { errorText } from "../../lib/error-text.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { abandonHold, bookingKeys, bookingQuoteQueryOptions, createBookingHold, holdRulesQueryOptions } from "../../api/bookings.ts";
import { hotelKeys } from "../../api/hotels.ts";
import { confirmBookingPayment, paymentOutcome, type ConfirmPaymentResponse } from "./booking-api.ts";
import { BookingConfirmed } from "./booking-confirmed.tsx";
import { bookingFlowReducer, initialBookingFlow, nightlyPriceFor } from "./booking-flow.ts";
import { ExtrasField } from "../../components/extras-field.tsx";
import { GuestDetailsStep } from "./guest-details-step.tsx";
import { PaymentStep } from "./payment-step.tsx";
import { PointsOption } from "./points-option.tsx";
import { PriceIncreaseNotice } from "./price-increase-notice.tsx";
import { PromoCodeField } from "./promo-code-field.tsx";
import { countNights } from "../../../shared/dates.ts";

export type BookingDialogProps = {
  hotel: HotelDetail;
  room: RoomOffer;
  /** The rate plan reserved on the hotel page (null: a partner room, sold without plans). */
  plan?: RatePlanOffer | null;
  /** The stay from the hotel page's address. */
  stay: Stay;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

function guestDefaults(user: SessionUser | null) {
  return { guestName: user?.name ?? "", guestEmail: user?.email ?? "", guestPhone: "", specialRequests: "" };
}

/** How long the hold lasts, measured on the server's clock, so a wrong clock here cannot shorten or stretch it. */
function holdSpanMs(response: CreateBookingResponse): number {
  const { holdExpiresAt, createdAt } = response.booking;
  const span = holdExpiresAt ? Date.parse(holdExpiresAt) - Date.parse(createdAt) : Number.NaN;
  return Number.isFinite(span) && span > 0 ? span : DEFAULT_HOLD_MINUTES * 60_000;
}

/**
 * Spec 'Booking dialog': info -> payment (once the hold and its payment exist) -> success (once the
 * payment confirms). Closing the payment or success dialog returns to info. Leaving the payment step
 * unpaid (closing it, choosing another room, leaving the page) abandons the hold, so its rooms go
 * back on sale at once instead of after the hold's time.
 */
/** A refusal of the promo code (the quote's or the hold's), to show under its field. */
function isPromoRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code.startsWith("PROMO_CODE_");
}

/** A refusal of the extras chosen (one no longer on offer), to show under them. */
function isExtrasRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === "EXTRA_NOT_AVAILABLE";
}

export function BookingDialog({ hotel, room, plan = null, stay, open, onOpenChange }: BookingDialogProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const signedInDefaults = useMemo(() => (user ? guestDefaults(user) : undefined), [user]);
  const form = useForm({
    resolver: zodResolver(GuestDetails),
    defaultValues: guestDefaults(null),
    // Fills the signed-in user's name and e-mail even if the session arrives after the dialog mounted, without overwriting typing.
    values: signedInDefaults,
    resetOptions: { keepDirtyValues: true },
  });
  const [flow, dispatch] = useReducer(bookingFlowReducer, initialBookingFlow);
  // The room's Book Now: each step is its own dialog, so the last one to close gives focus back to it.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const { step, pointsToRedeem } = flow;
  const hold = step.name === "payment" ? step.hold : null;
  const paying = step.name === "payment" && step.paying;
  // A double submit lands before React re-renders the disabled button; two holds would block two rooms.
  const holding = useRef(false);
  // A partner hotel's room can cost more at the price check than in the search; the guest accepts it or not.
  const priceIncrease = step.name === "info" ? step.priceIncrease : null;
  // A plan's price is the room's price as that plan sells it.
  const offer = useMemo(
    () => (plan ? { ...room, priceCents: plan.priceCents, stayPriceCents: plan.stayPriceCents, nightlyPrices: plan.nightlyPrices } : room),
    [room, plan],
  );
  const nightlyPriceCents = nightlyPriceFor(flow, offer);
  // Stable: PointsOption reports from an effect that depends on it.
  const changePoints = useCallback((points: number) => dispatch({ type: "pointsChanged", points }), []);
  // The promo code sent with the quote and the hold ("" for none) and the hold's refusal of it.
  const [promoCode, setPromoCode] = useState("");
  const [promoHoldError, setPromoHoldError] = useState<string | null>(null);
  const ours = hotel.supplier === "inventory";
  // The extras the guest ticked, and the hotel's extras on offer as the last quote listed them.
  const [extrasPicked, setExtrasPicked] = useState<ExtrasChoice>([]);
  const [extrasOffered, setExtrasOffered] = useState<PriceQuote["availableExtras"]>([]);
  const [extrasHoldError, setExtrasHoldError] = useState<string | null>(null);
  // Sent with the quote and the hold in the hotel's order: those the rate includes always (listed at no charge), then the guest's.
  const extras = useMemo(() => {
    const picked = new Map(extrasPicked.map((c) => [c.extraId, c.quantity]));
    return extrasOffered
      .filter((extra) => extra.inPlan || picked.has(extra.id))
      .map((extra) => ({ extraId: extra.id, quantity: extra.inPlan ? 1 : (picked.get(extra.id) ?? 1) }));
  }, [extrasPicked, extrasOffered]);
  const quoteInput = {
    hotelId: hotel.id,
    roomTypeId: room.id,
    ...(plan?.id ? { ratePlanId: plan.id } : {}),
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: stay.guests,
    children: stay.children,
    ages: stay.childAges,
    rooms: stay.rooms,
    pointsToRedeem,
    ...(promoCode ? { promoCode } : {}),
    ...(extras.length > 0 ? { extras } : {}),
  };
  // The server's breakdown of this choice: asked again when the points or the code change; the last answer stays while it is.
  const quote = useQuery({ ...bookingQuoteQueryOptions(quoteInput), enabled: ours && open, placeholderData: keepPreviousData });
  const quoteAnswer = quote.isError ? null : (quote.data ?? null);
  const promoError = promoHoldError ?? (isPromoRefusal(quote.error) ? errorText(quote.error, quote.error.message) : null);
  // The offer as the last answer listed it (kept through a refusal, which lists none).
  const answeredExtras = quote.data?.availableExtras;
  if (answeredExtras && answeredExtras !== extrasOffered) setExtrasOffered(answeredExtras);
  const extrasError = extrasHoldError ?? (isExtrasRefusal(quote.error) ? errorText(quote.error, quote.error.message) : null);

  /**
   * The hold refused an extra that went off sale while the dialog was open: the offer is asked for
   * again without any, the choices still on offer are kept, and the refusal stays said under the
   * extras until the next change. (A quote's refusal is said there too; the guest unticks the extra.)
   */
  function refreshExtras(message: string) {
    setExtrasHoldError(message);
    queryClient
      .fetchQuery(bookingQuoteQueryOptions({ ...quoteInput, extras: undefined }))
      .then((fresh) => {
        setExtrasOffered(fresh.availableExtras);
        setExtrasPicked((picked) => picked.filter((c) => fresh.availableExtras.some((e) => e.id === c.extraId && !e.inPlan)));
      })
      .catch(() => undefined);
  }

  const pricedRoom = useMemo(
    () =>
      nightlyPriceCents === offer.priceCents
        ? offer
        : {
            ...offer,
            priceCents: nightlyPriceCents,
            stayPriceCents: nightlyPriceCents * countNights(stay.checkIn, stay.checkOut),
            nightlyPrices: null,
            originalPriceCents: null,
            discountPercent: 0,
          },
    [offer, nightlyPriceCents, stay.checkIn, stay.checkOut],
  );
  const createHold = useMutation({ mutationFn: createBookingHold });
  const rules = useQuery(holdRulesQueryOptions());
  // The hold the guest may still walk away from; cleared once it is paid. A ref, so leaving the page can read it.
  const openHold = useRef<{ id: string; accessToken: string } | null>(null);
  // While a payment runs (including the trip to a 3-D Secure check), leaving the page is not abandoning.
  const payingNow = useRef(false);

  useEffect(() => {
    function leave() {
      const current = openHold.current;
      if (!current || payingNow.current) return;
      openHold.current = null;
      void abandonHold(current.id, current.accessToken, true);
    }
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, []);

  function changeBusy(busy: boolean) {
    payingNow.current = busy;
    dispatch({ type: "payingChanged", paying: busy });
  }

  function refreshAvailability() {
    void queryClient.invalidateQueries({ queryKey: hotelKeys.hotel(hotel.id) });
  }

  function submitGuest(values: GuestDetails, expectedNightlyPriceCents = nightlyPriceCents) {
    if (holding.current) return;
    holding.current = true;
    dispatch({ type: "holdRequested" });
    setPromoHoldError(null);
    setExtrasHoldError(null);
    createHold.mutate(
      {
        hotelId: hotel.id,
        roomTypeId: room.id,
        ...(plan?.id ? { ratePlanId: plan.id } : {}),
        ...(promoCode ? { promoCode } : {}),
        ...(extras.length > 0 ? { extras } : {}),
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        guests: stay.guests,
        children: stay.children,
        ages: stay.childAges,
        rooms: stay.rooms,
        ...values,
        specialRequests: values.specialRequests || undefined,
        pointsToRedeem,
        expectedNightlyPriceCents,
      },
      {
        onSuccess(response) {
          openHold.current = { id: response.booking.id, accessToken: response.accessToken };
          dispatch({ type: "holdCreated", hold: { response, deadline: Date.now() + holdSpanMs(response) } });
        },
        onError(error) {
          const details = error instanceof ApiError ? error.details : undefined;
          if (error instanceof ApiError && error.code === "PRICE_INCREASED" && typeof details?.nightlyPriceCents === "number") {
            dispatch({
              type: "priceIncreased",
              increase: {
                message: errorText(error, error.message),
                nightlyPriceCents: details.nightlyPriceCents,
                totalPriceCents: Number(details.totalPriceCents),
              },
            });
            return;
          }
          if (error instanceof ApiError && error.code === "ROOM_UNAVAILABLE") refreshAvailability();
          if (isPromoRefusal(error)) setPromoHoldError(errorText(error, error.message));
          if (isExtrasRefusal(error)) refreshExtras(errorText(error, error.message));
          dispatch({
            type: "holdRefused",
            message:
              error instanceof ApiError
                ? errorText(error, t("Failed to create payment. Please try again."))
                : t("Failed to create payment. Please try again."),
          });
        },
        onSettled() {
          holding.current = false;
        },
      },
    );
  }

  function acceptPriceIncrease() {
    if (!priceIncrease) return;
    const next = priceIncrease.nightlyPriceCents;
    dispatch({ type: "priceAccepted", roomId: room.id, nightlyPriceCents: next });
    void form.handleSubmit((values) => submitGuest(values, next))();
  }

  function declinePriceIncrease() {
    dispatch({ type: "noticesDismissed" });
    refreshAvailability();
    onOpenChange(false);
  }

  function settle(result: ConfirmPaymentResponse): void {
    const outcome = paymentOutcome(result);
    if (outcome.kind !== "failed") openHold.current = null;
    if (outcome.kind === "confirmed") {
      dispatch({ type: "paymentConfirmed", result });
      refreshAvailability();
      void queryClient.invalidateQueries({ queryKey: bookingKeys.mine });
    } else if (outcome.kind === "processing") {
      dispatch({ type: "paymentProcessing" });
    } else {
      throw new Error(outcome.message);
    }
  }

  async function finishPayment(): Promise<void> {
    if (!hold) return;
    const { booking, payment } = hold.response;
    settle(await confirmBookingPayment(booking.id, payment.paymentId, true));
  }

  async function checkAgain() {
    if (!hold) return;
    dispatch({ type: "checkChanged", checking: true });
    try {
      await finishPayment();
    } catch {
      // A still-pending answer keeps the guest on the "being confirmed" note; nothing else to tell.
    } finally {
      dispatch({ type: "checkChanged", checking: false });
    }
  }

  function backToInfo() {
    const abandoned = openHold.current;
    if (abandoned) {
      openHold.current = null;
      void abandonHold(abandoned.id, abandoned.accessToken).then(refreshAvailability);
    }
    // keepDirtyValues (set for the late-arriving session) would otherwise keep the finished booking's details.
    if (step.name === "success") form.reset(guestDefaults(user), { keepDirtyValues: false });
    dispatch({ type: "backToInfo" });
  }

  function changeOpen(next: boolean) {
    if (next) return onOpenChange(true);
    // A payment in flight must finish (or fail) before the dialog can go: its result would be lost.
    if (paying) return;
    if (step.name === "info") {
      dispatch({ type: "noticesDismissed" });
      onOpenChange(false);
    } else {
      backToInfo();
    }
  }

  const done = step.name === "success" ? step.confirmed : null;

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      {done ? (
        <DialogContent
          key="success"
          title={t("Booking Confirmed!")}
          returnFocusTo={opener}
          description={`${hotel.name} · ${room.name}`}
          className="max-w-lg"
        >
          <BookingConfirmed
            booking={done.booking}
            accessToken={done.accessToken}
            signedIn={user !== null}
            actions={
              <Button variant="ghost" className="sm:flex-1" onClick={backToInfo}>
                {t("Done")}
              </Button>
            }
          />
        </DialogContent>
      ) : step.name === "payment" ? (
        <DialogContent
          key="payment"
          title={t("Complete Payment")}
          returnFocusTo={opener}
          description={t("Pay securely to confirm your booking.")}
          className="max-w-lg"
          // A stray tap beside the dialog must not abandon the hold; Escape and Close still return to the details.
          onInteractOutside={(event) => event.preventDefault()}
        >
          <PaymentStep
            hold={step.hold.response}
            holdDeadline={step.hold.deadline}
            awaitingConfirmation={step.awaitingConfirmation}
            checking={step.checking}
            onCheckAgain={() => void checkAgain()}
            onSucceeded={finishPayment}
            onBusyChange={changeBusy}
          />
        </DialogContent>
      ) : (
        <DialogContent
          key="info"
          title={t("Book {{room}}", { room: room.name })}
          returnFocusTo={opener}
          description={`${hotel.name} · ${formatDateRange(stay.checkIn, stay.checkOut)}`}
          className="max-w-3xl"
        >
          <GuestDetailsStep
            hotel={hotel}
            room={pricedRoom}
            stay={stay}
            plan={plan}
            quote={quoteAnswer}
            quoteUpdating={quote.isFetching && quoteAnswer !== null}
            quoteNote={
              ours && quote.isError && !isPromoRefusal(quote.error) && !isExtrasRefusal(quote.error) ? (
                <p className="mt-2 text-xs text-amber-800">
                  {errorText(quote.error, t("We could not check the price just now: the hotel page's price is shown."))}
                </p>
              ) : null
            }
            holdMinutes={rules.data?.holdMinutes ?? null}
            form={form}
            submitting={createHold.isPending}
            serverError={
              priceIncrease ? (
                <PriceIncreaseNotice
                  change={priceIncrease}
                  currency={room.currency}
                  submitting={createHold.isPending}
                  onAccept={acceptPriceIncrease}
                  onDecline={declinePriceIncrease}
                />
              ) : step.name === "info" ? (
                step.holdError
              ) : null
            }
            // react-hook-form passes the submit event second; the price must not be taken from it.
            onSubmit={(values) => submitGuest(values)}
            extra={
              <>
                {user ? (
                  <PointsOption
                    totalCents={
                      quoteAnswer?.charges.totalCents ??
                      offerTotalCents(pricedRoom, countNights(stay.checkIn, stay.checkOut), stay.rooms) + hotel.childChargeCents
                    }
                    onChange={changePoints}
                  />
                ) : null}
                {ours ? (
                  <ExtrasField
                    extras={extrasOffered}
                    currency={quoteAnswer?.currency ?? room.currency}
                    chosen={extrasPicked}
                    onChange={(next) => {
                      setExtrasHoldError(null);
                      setExtrasPicked(next);
                    }}
                    error={extrasError}
                  />
                ) : null}
                {ours ? (
                  <PromoCodeField
                    applied={promoCode}
                    onApply={(code) => {
                      setPromoHoldError(null);
                      setPromoCode(code);
                    }}
                    error={promoError}
                    checking={quote.isFetching}
                    accepted={quoteAnswer?.discounts.some((d) => d.kind === "promotion") ?? false}
                  />
                ) : null}
              </>
            }
          />
        </DialogContent>
      )}
    </Dialog.Root>
  );
}
