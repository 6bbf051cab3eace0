import { describe, expect, it } from "vitest";
import { ACTIVITY_TYPES } from "../../shared/activity-types.ts";
import { ACTIVITY } from "./activity-log.ts";
import { ADMIN_BOOKING_ACTIVITY } from "./admin-bookings.ts";
import { ADMIN_USER_ACTIVITY } from "./admin-users.ts";
import { STUCK_ACTIVITY } from "./background-failures.ts";
import { BOOKING_ACTIVITY } from "./booking-records.ts";
import { REVIEW_ACTIVITY } from "./reviews.ts";

describe("activity types", () => {
  it("gives every type the server writes a human label", () => {
    const written = [ACTIVITY, ADMIN_BOOKING_ACTIVITY, ADMIN_USER_ACTIVITY, STUCK_ACTIVITY, BOOKING_ACTIVITY, REVIEW_ACTIVITY].flatMap((types) => Object.values(types));
    const unlabelled = written.filter((type) => !Object.hasOwn(ACTIVITY_TYPES, type));
    expect(unlabelled).toEqual([]);
  });
});
