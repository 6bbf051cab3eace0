import type { ComponentProps } from "react";
import { GUEST_ROOM_PRESETS } from "../../shared/search-options.ts";
import { NativeSelect } from "./ui/native-select.tsx";

function partyLabel(guests: number, rooms: number): string {
  return `${guests} ${guests === 1 ? "Guest" : "Guests"}, ${rooms} ${rooms === 1 ? "Room" : "Rooms"}`;
}

type GuestsRoomsSelectProps = Omit<ComponentProps<"select">, "value" | "onChange"> & {
  guests: number;
  rooms: number;
  onPartyChange: (guests: number, rooms: number) => void;
  wrapperClassName?: string;
};

/** The spec's 'Guests & Rooms' presets. */
export function GuestsRoomsSelect({ guests, rooms, onPartyChange, ...props }: GuestsRoomsSelectProps) {
  const presets = GUEST_ROOM_PRESETS;
  // A shared link may carry a party that is not a preset; it stays selectable instead of being replaced.
  const isPreset = presets.some(([g, r]) => g === guests && r === rooms);
  const options: ReadonlyArray<readonly [number, number]> = isPreset ? presets : [[guests, rooms], ...presets];
  return (
    <NativeSelect
      value={`${guests}-${rooms}`}
      onChange={(event) => {
        const [g, r] = event.target.value.split("-").map(Number);
        if (g !== undefined && r !== undefined) onPartyChange(g, r);
      }}
      {...props}
    >
      {options.map(([g, r]) => (
        <option key={`${g}-${r}`} value={`${g}-${r}`}>
          {partyLabel(g, r)}
        </option>
      ))}
    </NativeSelect>
  );
}
