import tzLookup from "tz-lookup";
import { isTimeZone } from "../../../shared/time-zones.ts";

/**
 * The IANA time zone at a point (a hotel's coordinates): the demo catalogue's hotels and a new
 * hotel whose form named none. "UTC" where the lookup names a zone this runtime does not know.
 */
export function timeZoneAt(lat: number, lng: number): string {
  try {
    const zone = tzLookup(lat, lng);
    return isTimeZone(zone) ? zone : "UTC";
  } catch {
    return "UTC";
  }
}
