import type { MealPlan, PaymentTiming, PlanInclusion } from "../../../shared/rate-plans.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** The words of the plans' fixed vocabularies, one literal each for the catalogues. */
export function useMealPlanLabel() {
  const { t } = useTranslation();
  return (meal: MealPlan): string => {
    switch (meal) {
      case "room_only":
        return t("Room only");
      case "breakfast":
        return t("Breakfast included");
      case "half_board":
        return t("Half board");
      case "full_board":
        return t("Full board");
    }
  };
}

export function useInclusionLabel() {
  const { t } = useTranslation();
  return (item: PlanInclusion): string => {
    switch (item) {
      case "parking":
        return t("Free parking");
      case "wifi":
        return t("Free Wi-Fi");
      case "late_checkout":
        return t("Late check-out");
      case "early_checkin":
        return t("Early check-in");
      case "airport_transfer":
        return t("Airport transfer");
      case "spa_access":
        return t("Spa access");
      case "welcome_drink":
        return t("Welcome drink");
    }
  };
}

export function usePaymentTimingLabel() {
  const { t } = useTranslation();
  return (timing: PaymentTiming): string => {
    switch (timing) {
      case "pay_now":
        return t("Pay now");
      case "pay_at_hotel":
        return t("Pay at the hotel (card guarantee)");
      case "deposit":
        return t("Deposit now, the rest at the hotel");
    }
  };
}
