import { describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../../shared/booking.ts";
import type { ConfirmPaymentResponse } from "./booking-api.ts";
import {
  bookingFlowReducer,
  initialBookingFlow,
  nightlyPriceFor,
  type BookingAction,
  type BookingFlow,
  type Hold,
} from "./booking-flow.ts";

const hold: Hold = { response: { booking: { id: "b1" } } as CreateBookingResponse, deadline: 1_000 };
const confirmed = { booking: { id: "b1", status: "confirmed" } } as ConfirmPaymentResponse;
const increase = { message: "The price has changed", nightlyPriceCents: 12_000, totalPriceCents: 24_000 };

function run(...actions: BookingAction[]): BookingFlow {
  return actions.reduce(bookingFlowReducer, initialBookingFlow);
}

describe("booking dialog flow", () => {
  it("goes info → payment → success and back to a clean info step", () => {
    const paying = run({ type: "holdCreated", hold });
    expect(paying.step).toEqual({ name: "payment", hold, paying: false, awaitingConfirmation: false, checking: false });
    const done = bookingFlowReducer(paying, { type: "paymentConfirmed", result: confirmed });
    expect(done.step).toEqual({ name: "success", confirmed });
    expect(bookingFlowReducer(done, { type: "backToInfo" }).step).toEqual({ name: "info", holdError: null, priceIncrease: null });
  });

  it("shows a refused hold's message until the next attempt or the dialog closes", () => {
    const refused = run({ type: "holdRefused", message: "This room is no longer available" });
    expect(refused.step).toMatchObject({ name: "info", holdError: "This room is no longer available" });
    expect(bookingFlowReducer(refused, { type: "holdRequested" }).step).toMatchObject({ holdError: null });
    expect(bookingFlowReducer(refused, { type: "noticesDismissed" }).step).toMatchObject({ holdError: null });
  });

  it("asks about a price increase and, once accepted, charges the new price for that room only", () => {
    const asked = run({ type: "priceIncreased", increase });
    expect(asked.step).toMatchObject({ name: "info", priceIncrease: increase, holdError: null });
    const accepted = bookingFlowReducer(asked, { type: "priceAccepted", roomId: "r1", nightlyPriceCents: 12_000 });
    expect(nightlyPriceFor(accepted, { id: "r1", priceCents: 10_000 })).toBe(12_000);
    expect(nightlyPriceFor(accepted, { id: "r2", priceCents: 9_000 })).toBe(9_000);
    expect(bookingFlowReducer(accepted, { type: "holdRequested" }).step).toMatchObject({ priceIncrease: null });
  });

  it("tracks paying, a slow confirmation and a re-check only while a hold is being paid", () => {
    const busy = run(
      { type: "holdCreated", hold },
      { type: "payingChanged", paying: true },
      { type: "paymentProcessing" },
      { type: "checkChanged", checking: true },
    );
    expect(busy.step).toMatchObject({ name: "payment", paying: true, awaitingConfirmation: true, checking: true });
    // Late reports from an unmounted payment form change nothing once the step has moved on.
    const info = run({ type: "payingChanged", paying: true }, { type: "paymentProcessing" }, { type: "checkChanged", checking: true });
    expect(info).toEqual(initialBookingFlow);
    const done = bookingFlowReducer(busy, { type: "paymentConfirmed", result: confirmed });
    expect(bookingFlowReducer(done, { type: "payingChanged", paying: false })).toBe(done);
  });

  it("starts a new hold's payment afresh", () => {
    const again = run({ type: "holdCreated", hold }, { type: "paymentProcessing" }, { type: "backToInfo" }, { type: "holdCreated", hold });
    expect(again.step).toMatchObject({ awaitingConfirmation: false, paying: false, checking: false });
  });

  it("keeps the points to redeem across steps and returns the same state when they do not change", () => {
    const withPoints = run({ type: "pointsChanged", points: 300 }, { type: "holdCreated", hold }, { type: "backToInfo" });
    expect(withPoints.pointsToRedeem).toBe(300);
    expect(bookingFlowReducer(withPoints, { type: "pointsChanged", points: 300 })).toBe(withPoints);
  });
});
