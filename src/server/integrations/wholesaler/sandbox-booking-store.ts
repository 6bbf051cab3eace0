/** Where the sandbox keeps the bookings it made. */

/** A booking the sandbox made. */
export interface SandboxBooking {
  bookingNumber: number;
  yourRef: string;
  hotelId: number;
  roomTypeName: string;
  mealId: number;
  checkIn: string;
  checkOut: string;
  priceCents: number;
  /** YYYY-MM-DD */
  createdAt: string;
  active: boolean;
  guests: string[];
  email: string;
}

/** Where the sandbox keeps its bookings: in memory (tests), or the app's database (see sandbox-store.ts). */
export interface SandboxBookingStore {
  add(booking: Omit<SandboxBooking, "bookingNumber">): Promise<SandboxBooking>;
  /** Cancels an active booking: 'cancelled', or why not. */
  cancel(bookingNumber: number): Promise<"cancelled" | "not-found" | "already-cancelled">;
  find(filter: { bookingNumber?: number; yourRef?: string }): Promise<SandboxBooking[]>;
}

export function memorySandboxStore(): SandboxBookingStore {
  const bookings = new Map<number, SandboxBooking>();
  let next = 7_000_001;
  return {
    async add(booking) {
      const stored = { ...booking, bookingNumber: next++ };
      bookings.set(stored.bookingNumber, stored);
      return stored;
    },
    async cancel(bookingNumber) {
      const booking = bookings.get(bookingNumber);
      if (!booking) return "not-found";
      if (!booking.active) return "already-cancelled";
      booking.active = false;
      return "cancelled";
    },
    async find(filter) {
      return [...bookings.values()].filter(
        (b) =>
          (filter.bookingNumber === undefined || b.bookingNumber === filter.bookingNumber) &&
          (filter.yourRef === undefined || b.yourRef === filter.yourRef),
      );
    },
  };
}
