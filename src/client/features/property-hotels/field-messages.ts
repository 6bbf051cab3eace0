import type { TFunction } from "../../lib/i18n.ts";

/** The names the hotel and room type rules (shared/property-hotels.ts) put in their messages, one literal each. */
function fieldName(name: string, t: TFunction): string {
  switch (name) {
    case "Name":
      return t("Name");
    case "Address":
      return t("Address");
    case "City":
      return t("City");
    case "Country":
      return t("Country");
    case "Cancellation policy":
      return t("Cancellation policy");
    case "Description":
      return t("Description");
    case "Bed type":
      return t("Bed type");
    case "Price":
      return t("Price");
    case "Original price":
      return t("Original price");
    case "Child rate":
      return t("Child rate");
    case "Latitude":
      return t("Latitude");
    case "Longitude":
      return t("Longitude");
    case "Size":
      return t("Size");
    case "Max guests":
      return t("Max guests");
    case "Number of rooms":
      return t("Number of rooms");
    case "Free cancellation days":
      return t("Free cancellation days");
    default:
      return name;
  }
}

/**
 * A message of the hotel or room type rules in the reader's language (as TextField's fieldMessage
 * does for the shared account rules). The rules build most messages from a field name and a limit,
 * so those are matched by their shape; anything else is shown as the rules wrote it.
 */
export function propertyFieldMessage(message: string, t: TFunction): string {
  switch (message) {
    case "Star rating must be 1 to 5":
      return t("Star rating must be 1 to 5");
    case "Size must be at least 1 m²":
      return t("Size must be at least 1 m²");
    case "Size must be at most 10000 m²":
      return t("Size must be at most 10000 m²");
    case "Free for children under must be an age":
    case "Free for children under must be a whole age":
    case "Free for children under must be 0 to 18":
      return t("Free for children under must be 0 to 18");
    case "Check-in time must look like 15:00":
      return t("Check-in time must look like 15:00");
    case "Check-out time must look like 11:00":
      return t("Check-out time must look like 11:00");
    case "Each amenity may be chosen once":
      return t("Each amenity may be chosen once");
  }
  const shapes: [RegExp, (field: string, a?: string, b?: string) => string][] = [
    [/^(.+) is required$/, (field) => t("{{field}} is required", { field })],
    [/^(.+) must be at most (\d+) characters$/, (field, max) => t("{{field}} must be at most {{max}} characters", { field, max })],
    [/^(.+) must be a number$/, (field) => t("{{field}} must be a number", { field })],
    [/^(.+) must be a whole number$/, (field) => t("{{field}} must be a whole number", { field })],
    [/^(.+) must be with at most 2 decimals$/, (field) => t("{{field}} must be with at most 2 decimals", { field })],
    [/^(.+) must be more than 0$/, (field) => t("{{field}} must be more than 0", { field })],
    [/^(.+) cannot be negative$/, (field) => t("{{field}} cannot be negative", { field })],
    [/^(.+) must be at least (\d+)$/, (field, min) => t("{{field}} must be at least {{min}}", { field, min })],
    [/^(.+) must be at most (\d+)$/, (field, max) => t("{{field}} must be at most {{max}}", { field, max })],
    [
      /^(.+) must be between (-?\d+) and (\d+)$/,
      (field, min, max) => t("{{field}} must be between {{min}} and {{max}}", { field, min, max }),
    ],
  ];
  for (const [shape, say] of shapes) {
    const match = shape.exec(message);
    if (match) return say(fieldName(match[1]!, t), match[2], match[3]);
  }
  return message;
}
