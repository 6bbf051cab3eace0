import { describe, expect, it } from "vitest";
import { activityGroup, activityLabel, activityTypesMatching, groupedActivityTypes } from "./activity-types.ts";

describe("activity types", () => {
  it("labels known types for people and unknown ones as a sentence", () => {
    expect(activityLabel("admin_booking_refunded")).toBe("Refund issued");
    expect(activityLabel("user_role_changed")).toBe("Role changed");
    expect(activityLabel("room_upgrade_offered")).toBe("Room upgrade offered");
    expect(activityLabel("toString")).toBe("ToString");
    expect(activityGroup("review_approved")).toBe("Reviews");
    expect(activityGroup("something_new")).toBe("Other");
  });

  it("groups the filter's options in a fixed order, with unknown types found in the log under Other", () => {
    const groups = groupedActivityTypes(["user_signed_in", "zeta_event", "alpha_event", "zeta_event"]);
    expect(groups.map((g) => g.group)).toEqual(["Accounts", "Bookings", "Reviews", "Admin", "Properties", "Supplier", "Other"]);
    expect(groups.at(-1)?.types).toEqual([
      { value: "alpha_event", label: "Alpha event" },
      { value: "zeta_event", label: "Zeta event" },
    ]);
    expect(groups[0]?.types).toContainEqual({ value: "user_signed_in", label: "Signed in" });
    expect(groupedActivityTypes([]).map((g) => g.group)).not.toContain("Other");
  });

  it("finds the types whose label contains a text", () => {
    expect(activityTypesMatching("  refund ISSUED ")).toEqual(["admin_booking_refunded"]);
    expect(activityTypesMatching("")).toEqual([]);
  });
});
