import { describe, expect, it } from "vitest";
import { english } from "../../../shared/i18n/english.ts";
import { addDays, todayUtc } from "../../../shared/dates.ts";
import { policyWords } from "./policy-words.ts";

const t = english as Parameters<typeof policyWords>[4];
const day = (offset: number) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${addDays(todayUtc(), offset)}T00:00:00Z`));

describe("a policy in a guest's words (the editor's preview)", () => {
  it("names each deadline's local date and what cancelling costs, for 3 nights at $150", () => {
    const words = policyWords(
      {
        tiers: [
          { daysBefore: 14, fee: { kind: "percent", percent: 0 } },
          { daysBefore: 3, fee: { kind: "percent", percent: 50 } },
        ],
        finalFee: { kind: "nights", nights: 1 },
      },
      15_000,
      "America/Los_Angeles",
      "USD",
      t,
    );
    expect(words).toEqual([
      `Free cancellation until 23:59 on ${day(16)} (hotel time).`,
      `Cancel until 23:59 on ${day(27)} (hotel time): you pay $225.`,
      "After that, or if you do not show up, you pay $150.",
    ]);
  });

  it("says non-refundable when there is no tier", () => {
    expect(policyWords({ tiers: [], finalFee: { kind: "percent", percent: 100 } }, 10_000, "UTC", "USD", t)).toEqual([
      "Non-refundable: cancelling or not showing up costs $300.",
    ]);
  });
});
