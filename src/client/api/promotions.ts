import { queryOptions } from "@tanstack/react-query";
import type { CreatePromoCodeInput } from "../../shared/promotions.ts";
import { api, body } from "./client.ts";

/** Whose codes: one hotel's (its id) or the site-wide ones (null, admins only). */
export type PromoScope = string | null;

export function listPromoCodes(scope: PromoScope) {
  return scope === null
    ? body(api.admin.promotions.$get())
    : body(api.properties.hotels[":hotelId"].promotions.$get({ param: { hotelId: encodeURIComponent(scope) } }));
}

export type PromoCodeList = Awaited<ReturnType<typeof listPromoCodes>>;

/** The form's input as typed: the server fills defaults (no limits, all plans) and checks it again. */
export type NewPromoCode = Partial<CreatePromoCodeInput> & Pick<CreatePromoCodeInput, "code" | "discountKind" | "discountValue">;

export function createPromoCode(scope: PromoScope, input: NewPromoCode) {
  const json = input as CreatePromoCodeInput;
  return scope === null
    ? body(api.admin.promotions.$post({ json }))
    : body(api.properties.hotels[":hotelId"].promotions.$post({ param: { hotelId: encodeURIComponent(scope) }, json }));
}

export function setPromoCodeActive(scope: PromoScope, promoId: number, active: boolean) {
  const param = { promoId: String(promoId) };
  return scope === null
    ? body(api.admin.promotions[":promoId"].active.$put({ param, json: { active } }))
    : body(
        api.properties.hotels[":hotelId"].promotions[":promoId"].active.$put({
          param: { ...param, hotelId: encodeURIComponent(scope) },
          json: { active },
        }),
      );
}

export const promotionKeys = {
  /** A hotel's codes (its id) or the site-wide ones ("site"). */
  list: (scope: PromoScope) => ["promotions", scope ?? "site"] as const,
};

export function promoCodesQueryOptions(scope: PromoScope) {
  return queryOptions({ queryKey: promotionKeys.list(scope), queryFn: () => listPromoCodes(scope) });
}
