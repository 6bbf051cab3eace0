/** The sandbox's own hotels (the demo generator with another seed), their rooms, boards and prices. */
import { type GeneratedHotel, generateHotel } from "../../db/seed/catalogue.ts";
import type { StayRequest } from "./sandbox-forms.ts";

/** The catalogue seed; our demo inventory uses another one, so the hotels differ. */
const SANDBOX_SEED = 2;
const SANDBOX_HOTEL_COUNT = 3000;
const BREAKFAST_CENTS_PER_GUEST_NIGHT = 1500;
export const MEALS = [
  { id: 1, name: "Room only" },
  { id: 3, name: "Breakfast" },
] as const;

export interface SandboxHotel extends GeneratedHotel {
  id: number;
  destinationId: number;
  cityKey: string;
  countryKey: string;
}

let catalogue: SandboxHotel[] | undefined;

/** Built on first use and kept: a few thousand hotels take about half a second. */
export function hotels(): SandboxHotel[] {
  if (catalogue) return catalogue;
  const destinationIds = new Map<string, number>();
  catalogue = Array.from({ length: SANDBOX_HOTEL_COUNT }, (_, index) => {
    const generated = generateHotel(index, SANDBOX_SEED);
    const place = `${generated.hotel.city}|${generated.hotel.countryCode}`;
    if (!destinationIds.has(place)) destinationIds.set(place, destinationIds.size + 1);
    return {
      ...generated,
      id: index + 1,
      destinationId: destinationIds.get(place)!,
      cityKey: fold(generated.hotel.city),
      countryKey: fold(generated.hotel.country),
    };
  });
  return catalogue;
}

export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** Room type i of hotel h has id h*10+i, and its one sellable room id (roomtype*10)+1. */
export function roomTypeId(hotelId: number, index: number): number {
  return hotelId * 10 + index;
}
export function roomIdOf(roomTypeIdValue: number): number {
  return roomTypeIdValue * 10 + 1;
}
export function findRoom(roomId: number): { hotel: SandboxHotel; index: number } | null {
  if (!Number.isInteger(roomId) || roomId % 10 !== 1) return null;
  const typeId = Math.floor(roomId / 10);
  const hotel = hotels()[Math.floor(typeId / 10) - 1];
  const index = typeId % 10;
  return hotel && hotel.roomTypes[index] ? { hotel, index } : null;
}

export function mealsFor(hotel: SandboxHotel): readonly (typeof MEALS)[number][] {
  // Where breakfast is part of the rate, it is the only board sold.
  return hotel.hotel.breakfast ? MEALS.filter((m) => m.id === 3) : MEALS;
}

export function stayPriceCents(hotel: SandboxHotel, index: number, mealId: number, stay: StayRequest): number {
  const room = hotel.roomTypes[index]!;
  const breakfast =
    mealId === 3 && !hotel.hotel.breakfast ? BREAKFAST_CENTS_PER_GUEST_NIGHT * (stay.adults + stay.children) * stay.nights : 0;
  return room.priceCents * stay.nights * stay.rooms + breakfast;
}

export function fits(hotel: SandboxHotel, index: number, stay: StayRequest): boolean {
  return hotel.roomTypes[index]!.maxGuests * stay.rooms >= stay.adults + stay.children;
}
