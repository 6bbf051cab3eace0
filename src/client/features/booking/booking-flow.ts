import type { CreateBookingResponse } from "../../../shared/booking.ts";
import type { ConfirmPaymentResponse } from "./booking-api.ts";
import type { PriceIncrease } from "./price-increase-notice.tsx";

export type Hold = { response: CreateBookingResponse; deadline: number };

/** Where the booking dialog is: each step holds only what it can show. */
export type BookingStep =
  | { name: "info"; holdError: string | null; priceIncrease: PriceIncrease | null }
  | { name: "payment"; hold: Hold; paying: boolean; awaitingConfirmation: boolean; checking: boolean }
  | { name: "success"; confirmed: ConfirmPaymentResponse };

export type BookingFlow = {
  step: BookingStep;
  pointsToRedeem: number;
  /** A partner room's higher price that the guest accepted; it stays with that room. */
  accepted: { roomId: string; nightlyPriceCents: number } | null;
};

export type BookingAction =
  | { type: "holdRequested" }
  | { type: "holdCreated"; hold: Hold }
  | { type: "holdRefused"; message: string }
  | { type: "priceIncreased"; increase: PriceIncrease }
  | { type: "priceAccepted"; roomId: string; nightlyPriceCents: number }
  | { type: "noticesDismissed" }
  | { type: "pointsChanged"; points: number }
  | { type: "payingChanged"; paying: boolean }
  | { type: "paymentProcessing" }
  | { type: "paymentConfirmed"; result: ConfirmPaymentResponse }
  | { type: "checkChanged"; checking: boolean }
  | { type: "backToInfo" };

const INFO: BookingStep = { name: "info", holdError: null, priceIncrease: null };

export const initialBookingFlow: BookingFlow = { step: INFO, pointsToRedeem: 0, accepted: null };

/** The booking dialog's steps: info → payment (a hold exists) → success (the payment confirmed); back to info from either. */
export function bookingFlowReducer(state: BookingFlow, action: BookingAction): BookingFlow {
  const { step } = state;
  switch (action.type) {
    case "holdRequested":
    case "noticesDismissed":
      return step.name === "info" ? { ...state, step: INFO } : state;
    case "holdCreated":
      return { ...state, step: { name: "payment", hold: action.hold, paying: false, awaitingConfirmation: false, checking: false } };
    case "holdRefused":
      return { ...state, step: { name: "info", holdError: action.message, priceIncrease: null } };
    case "priceIncreased":
      return { ...state, step: { name: "info", holdError: null, priceIncrease: action.increase } };
    case "priceAccepted":
      return { ...state, accepted: { roomId: action.roomId, nightlyPriceCents: action.nightlyPriceCents } };
    case "pointsChanged":
      return action.points === state.pointsToRedeem ? state : { ...state, pointsToRedeem: action.points };
    case "payingChanged":
      return step.name === "payment" ? { ...state, step: { ...step, paying: action.paying } } : state;
    case "paymentProcessing":
      return step.name === "payment" ? { ...state, step: { ...step, awaitingConfirmation: true } } : state;
    case "checkChanged":
      return step.name === "payment" ? { ...state, step: { ...step, checking: action.checking } } : state;
    case "paymentConfirmed":
      // Also from info: a check that was under way when the guest stepped back still shows its success.
      return { ...state, step: { name: "success", confirmed: action.result } };
    case "backToInfo":
      return { ...state, step: INFO };
  }
}

/** The nightly price the guest is asked to pay for `room`: an accepted increase if it was for this room. */
export function nightlyPriceFor(flow: BookingFlow, room: { id: string; priceCents: number }): number {
  return flow.accepted?.roomId === room.id ? flow.accepted.nightlyPriceCents : room.priceCents;
}
