/** The body of a hold (POST /api/bookings) for the PostgreSQL tests: one room for two by default. */
export function holdBody(
  hotelId: number,
  roomTypeId: number,
  stay: { checkIn: string; checkOut: string; guests?: number; rooms?: number },
  guest: string,
) {
  return {
    hotelId: String(hotelId),
    roomTypeId: String(roomTypeId),
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: stay.guests ?? 2,
    rooms: stay.rooms ?? 1,
    guestName: guest,
    guestEmail: `${guest.toLowerCase().replace(/\s+/g, "")}@example.com`,
    guestPhone: "+1 555 0100",
  };
}
