/** The sandbox's search (SearchV3) and static content (GetStaticHotelsAndRooms) answers. */
import { type SandboxHotel, fits, fold, hotels, mealsFor, roomIdOf, roomTypeId, stayPriceCents } from "./sandbox-catalogue.ts";
import { type StayRequest, ids, stayFrom } from "./sandbox-forms.ts";
import { SandboxError, document, el, money, text } from "./sandbox-xml.ts";

export function searchV3(form: URLSearchParams): string {
  const stay = stayFrom(form, { rooms: "numberOfRooms", adults: "numberOfAdults", children: "numberOfChildren" });
  const destination = fold(form.get("destination") ?? "");
  const hotelIds = ids(form.get("hotelIDs") ?? "");
  if (!destination && hotelIds.length === 0) throw new SandboxError("InvalidParameter", "Give a destination or hotelIDs");
  const exact = form.get("exactDestinationMatch") === "1" || form.get("exactDestinationMatch") === "true";
  const matches =
    hotelIds.length > 0
      ? hotelIds.map((id) => hotels()[id - 1]).filter((h): h is SandboxHotel => Boolean(h))
      : hotels().filter((h) =>
          exact
            ? h.cityKey === destination || h.countryKey === destination
            : h.cityKey.includes(destination) || h.countryKey.includes(destination),
        );
  const showNames = form.get("showRoomTypeName") === "1" || form.get("showRoomTypeName") === "true";
  const hotelNodes = matches.map((hotel) => searchHotelNode(hotel, stay, showNames));
  return document("searchresult", el("hotels", null, ...hotelNodes.filter((n): n is string => n !== null)));
}

/** A hotel's room types that sleep the party, each with its boards priced; null when none does. */
function searchHotelNode(hotel: SandboxHotel, stay: StayRequest, showNames: boolean): string | null {
  const roomTypes = hotel.roomTypes
    .map((room, index) => ({ room, index }))
    .filter(({ index }) => fits(hotel, index, stay))
    .map(({ index }) => searchRoomTypeNode(hotel, index, stay, showNames));
  if (roomTypes.length === 0) return null;
  return el(
    "hotel",
    null,
    text("hotel.id", hotel.id),
    text("destination_id", hotel.destinationId),
    text("resort_id", ""),
    el("roomtypes", null, ...roomTypes),
  );
}

function searchRoomTypeNode(hotel: SandboxHotel, index: number, stay: StayRequest, showNames: boolean): string {
  const room = hotel.roomTypes[index]!;
  const typeId = roomTypeId(hotel.id, index);
  const meals = mealsFor(hotel).map((meal) => {
    const discount = room.originalPriceCents ? (room.originalPriceCents - room.priceCents) * stay.nights * stay.rooms : 0;
    return el(
      "meal",
      null,
      text("id", meal.id),
      el("prices", null, el("price", { currency: "USD" }, money(stayPriceCents(hotel, index, meal.id, stay)))),
      discount > 0 ? el("discount", null, el("amounts", null, el("amount", { currency: "USD" }, money(discount)))) : el("discount", null),
    );
  });
  return el(
    "roomtype",
    null,
    text("roomtype.ID", typeId),
    showNames ? text("roomtype.Name", room.name) : null,
    el(
      "rooms",
      null,
      el(
        "room",
        null,
        text("id", roomIdOf(typeId)),
        text("beds", room.maxGuests),
        text("extrabeds", 0),
        el("meals", null, ...meals),
        cancellationPolicies(hotel),
        text("isSuperDeal", "false"),
        el("paymentMethods", null, el("paymentMethod", { id: 1, name: "Invoice" })),
      ),
    ),
  );
}

/** Names, addresses, photos and room types; photos addressed from `publicUrl` as a supplier's image host. */
export function staticHotels(form: URLSearchParams, publicUrl: string): string {
  const wanted = ids(form.get("hotelIds") ?? "");
  const destination = fold(form.get("destination") ?? "");
  if (wanted.length === 0 && !destination) throw new SandboxError("InvalidParameter", "Give a destination or hotelIds");
  const matches =
    wanted.length > 0
      ? wanted.map((id) => hotels()[id - 1]).filter((h): h is SandboxHotel => Boolean(h))
      : hotels().filter((h) => h.cityKey === destination || h.countryKey === destination);
  return document("getStaticHotelsAndRoomsResult", el("hotels", null, ...matches.map((hotel) => staticHotelNode(hotel, publicUrl))));
}

function staticHotelNode({ id, hotel, roomTypes }: SandboxHotel, publicUrl: string): string {
  const image = (path: string) => el("image", null, el("fullSizeImage", { url: `${publicUrl}${path}` }));
  const feature = (name: string, i: number) => el("feature", { id: i + 1, name });
  return el(
    "hotel",
    null,
    text("hotel.id", id),
    text("name", hotel.name),
    text("hotel.addr.1", hotel.location),
    text("hotel.addr.city", hotel.city),
    text("hotel.addr.country", hotel.country),
    text("hotel.addr.countrycode", hotel.countryCode),
    el("coordinates", null, text("latitude", hotel.lat), text("longitude", hotel.lng)),
    text("classification", `${hotel.starRating}*`),
    text("description", hotel.description),
    el("distances", null, el("distance", { type: "CityCentre", unit: "km" }, String(hotel.distanceFromCenterKm))),
    el("review", null, text("rating", hotel.rating), text("count", hotel.reviewCount)),
    el("images", null, ...hotel.images.map(image)),
    el("features", null, ...hotel.amenities.map(feature)),
    el(
      "roomtypes",
      null,
      ...roomTypes.map((room, index) =>
        el(
          "roomtype",
          null,
          text("roomtype.ID", roomTypeId(id, index)),
          text("name", room.name),
          text("description", room.description),
          text("bedType", room.bedType),
          text("size", room.sizeM2),
          text("maxOccupancy", room.maxGuests),
          el("images", null, ...room.images.map(image)),
          el("features", null, ...room.amenities.map(feature)),
        ),
      ),
    ),
  );
}

/** The hotel's cancellation terms: free up to its days before check-in, then the whole stay. */
export function cancellationPolicies(hotel: SandboxHotel): string {
  const days = hotel.hotel.freeCancellationDays;
  return el(
    "cancellation_policies",
    null,
    el("cancellation_policy", null, text("deadline", days > 0 ? days * 24 : null), text("percentage", 100)),
  );
}
