import type { TFunction } from "../../lib/i18n.ts";

/** A role as shown in the back office; one literal per role for the catalogue check. */
export function roleLabel(t: TFunction, role: string): string {
  switch (role) {
    case "admin":
      return t("Admin");
    case "manager":
      return t("Manager");
    case "front_desk":
      return t("Front desk");
    case "user":
      return t("User");
    default:
      return role;
  }
}
