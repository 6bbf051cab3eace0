import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { z } from "zod";
import type { PhoneBookingInput, PhoneQuoteInput } from "../../../shared/front-desk.ts";
import {
  checkInGuest,
  checkOutGuest,
  createPhoneBooking,
  frontDeskDayQueryOptions,
  frontDeskHotelsQueryOptions,
  frontDeskKeys,
  markNoShow,
  phoneQuoteQueryOptions,
} from "../../api/front-desk.ts";
import { hotelQueryOptions } from "../../api/hotels.ts";
import { formatMoney } from "../../lib/format.ts";
import { i18next } from "../../lib/i18n.ts";

export function useFrontDeskDay(hotelId: number, date: string) {
  return useQuery({
    ...frontDeskDayQueryOptions(hotelId, date),
    placeholderData: keepPreviousData,
  });
}

/** Reloads the desk's lists: a phone booking paid by card is confirmed by the payment step, outside this feature's mutations. */
export function useRefreshFrontDesk() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: frontDeskKeys.all });
}

/** The hotel's room types priced for a stay (the public hotel answer), for the phone booking form. */
export function useRoomChoices(hotelId: number, checkIn: string, checkOut: string, guests: number) {
  const ready = checkIn !== "" && checkOut !== "" && checkOut > checkIn;
  return useQuery({
    ...hotelQueryOptions(String(hotelId), new URLSearchParams({ checkIn, checkOut, guests: String(guests) }).toString()),
    enabled: ready,
  });
}

/** The phone booking's price from the server (room, extras, taxes, fees), asked again when any choice changes. */
export function usePhoneQuote(hotelId: number, input: z.input<typeof PhoneQuoteInput> | null) {
  return useQuery({
    ...phoneQuoteQueryOptions(hotelId, input ?? { roomTypeId: "", checkIn: "", checkOut: "" }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}

/** The hotels whose front desk the signed-in staff member works. */
export function useFrontDeskHotels() {
  return useQuery(frontDeskHotelsQueryOptions());
}

type Action = "check-in" | "check-out" | "no-show";

export function useDeskAction(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, bookingId }: { action: Action; bookingId: string; guestName: string }) => {
      if (action === "check-in") return { action, result: await checkInGuest(hotelId, bookingId) };
      if (action === "check-out") return { action, result: await checkOutGuest(hotelId, bookingId) };
      return { action, result: await markNoShow(hotelId, bookingId) };
    },
    onSuccess: ({ action, result }, { guestName }) => {
      const t = i18next.t;
      if (action === "check-in") toast.success(t("{{guest}} is checked in", { guest: guestName }));
      else if (action === "no-show") toast.success(t("{{guest}} marked as a no-show", { guest: guestName }));
      else toast.success(t("{{guest}} is checked out", { guest: guestName }));
      const shortened = "earlyDeparture" in result ? result.earlyDeparture : "released" in result ? result.released : null;
      if (shortened && shortened.nightsReturned.length > 0) {
        const money =
          shortened.refundCents > 0
            ? `${t("Refund {{amount}}.", { amount: formatMoney(shortened.refundCents, result.booking.currency) })} `
            : "";
        const returned = t("{{count}} nights returned to inventory.", { count: shortened.nightsReturned.length });
        toast.info(`${returned} ${money}${shortened.refundNote}`, {
          duration: 10_000,
        });
      }
    },
    onError: (error) => toast.error(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: frontDeskKeys.all }),
  });
}

export function usePhoneBooking(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof PhoneBookingInput>) => createPhoneBooking(hotelId, input),
    onSuccess: (made) => {
      if (!made.hold)
        toast.success(i18next.t("Booking {{reference}} confirmed: the guest pays at the hotel", { reference: made.reference }));
    },
    onError: (error) => toast.error(i18next.t("Failed to take the booking: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: frontDeskKeys.all }),
  });
}
