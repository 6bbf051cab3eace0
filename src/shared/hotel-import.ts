/**
 * The CSV import of hotels and room types (issue 14 item 6): one row per room type; rows with the
 * same hotel_ref are one new hotel and repeat its columns. The back office documents the columns
 * from this list, and the server checks files against it.
 */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/** Values of a list column (amenities) are separated by this character. */
export const IMPORT_LIST_SEPARATOR = "|";

export const IMPORT_COLUMNS = [
  { name: "hotel_ref", about: "Your label for the hotel: rows with the same label are room types of one new hotel." },
  { name: "hotel_name", about: "The hotel's name." },
  { name: "address", about: "Street address." },
  { name: "city", about: "A city of the destination list, e.g. Paris." },
  { name: "country", about: "Its country as the list names it, e.g. France." },
  { name: "lat", about: "Latitude, e.g. 48.8606." },
  { name: "lng", about: "Longitude, e.g. 2.3376." },
  { name: "star_rating", about: "1 to 5." },
  { name: "description", about: "Optional; the hotel's description." },
  { name: "hotel_amenities", about: "Optional; amenities from the list, separated by |, e.g. Free WiFi|Pool." },
  { name: "cancellation_policy", about: "The policy text guests read." },
  { name: "free_cancellation_days", about: "Days before check-in with a full refund; 0 = non-refundable." },
  { name: "check_in_time", about: "HH:MM, e.g. 15:00." },
  { name: "check_out_time", about: "HH:MM, e.g. 11:00." },
  { name: "hidden", about: "yes to keep the hotel hidden from travellers, no (or empty) to show it." },
  { name: "room_name", about: "The room type's name." },
  { name: "room_description", about: "The room type's description." },
  { name: "bed_type", about: "e.g. 1 queen bed." },
  { name: "size_m2", about: "Size in square metres (whole number)." },
  { name: "max_guests", about: "Guests per room." },
  { name: "room_amenities", about: "Optional; amenities from the list, separated by |." },
  { name: "total_rooms", about: "How many rooms of this type (1 to 1000)." },
  { name: "price", about: "Price per night in USD, e.g. 180 or 179.50." },
  { name: "original_price", about: "Optional; a higher crossed-out price." },
] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number]["name"];

export interface ImportProblem {
  /** The file's line number as a spreadsheet shows it (the header is row 1). */
  row: number;
  column: string;
  message: string;
}
