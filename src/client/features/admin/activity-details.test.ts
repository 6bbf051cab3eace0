import { describe, expect, it } from "vitest";
import { formatMoney } from "../../lib/format.ts";
import { i18next } from "../../lib/i18n.ts";
import { activityDetailEntries } from "./activity-details.ts";

describe("activity details", () => {
  it("shows the server's codes as words a person reads", () => {
    expect(
      activityDetailEntries(i18next.t, { bookingId: "b-1", reference: "BK1", amountCents: 12345, reason: "requested_by_customer" }),
    ).toEqual([
      ["Booking ID", "b-1"],
      ["Booking reference", "BK1"],
      ["Amount", formatMoney(12345)],
      ["Reason", "Requested by the guest"],
    ]);
    expect(activityDetailEntries(i18next.t, { paymentId: "pi_1", code: "card_declined", message: "Your card was declined." })).toEqual([
      ["Payment ID", "pi_1"],
      ["Result", "Card declined"],
      ["Message", "Your card was declined."],
    ]);
  });

  it("writes unknown keys as words and keeps unknown values as they are", () => {
    expect(
      activityDetailEntries(i18next.t, { totalRooms: 4, supplier_state: "booked", ended: true, hotelIds: [1, 2], extra: { a: 1 } }),
    ).toEqual([
      ["Total rooms", "4"],
      ["Supplier state", "booked"],
      ["Ended", "Yes"],
      ["Hotel ids", "1, 2"],
      ["Extra", '{"a":1}'],
    ]);
  });
});
