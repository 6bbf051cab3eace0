import { queryOptions } from "@tanstack/react-query";
import type { CreateChannelKeyInput } from "../../shared/channel-api.ts";
import { api, body } from "./client.ts";

const hotel = api.properties.hotels[":hotelId"];

export function listChannelKeys(hotelId: number) {
  return body(hotel["channel-keys"].$get({ param: { hotelId: String(hotelId) } }));
}

export type ChannelKey = Awaited<ReturnType<typeof listChannelKeys>>["keys"][number];

/** A new key; the key itself is in this answer only. */
export function createChannelKey(hotelId: number, input: CreateChannelKeyInput) {
  return body(hotel["channel-keys"].$post({ param: { hotelId: String(hotelId) }, json: input }));
}

export function revokeChannelKey(hotelId: number, keyId: number) {
  return body(hotel["channel-keys"][":keyId"].$delete({ param: { hotelId: String(hotelId), keyId: String(keyId) } }));
}

export const channelKeyKeys = {
  ofHotel: (hotelId: number) => ["properties", "channel-keys", hotelId] as const,
};

export function channelKeysQueryOptions(hotelId: number) {
  return queryOptions({ queryKey: channelKeyKeys.ofHotel(hotelId), queryFn: () => listChannelKeys(hotelId) });
}
