import { type FormEvent, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { todayLocal } from "../../../shared/dates.ts";
import { WEEKDAYS, calendarEditSchema, type CalendarEditInput } from "../../../shared/rates.ts";
import { editCalendarRange, type CalendarMonthData } from "../../api/rate-calendar.ts";
import { Button } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";

/** The browser checks the same rules as the server, against the hotelier's own today. */
const EditSchema = calendarEditSchema(() => todayLocal());

export type RangeDraft = { roomTypeIds: number[]; from: string; to: string };

type RangeEditorProps = {
  hotelId: string;
  data: CalendarMonthData;
  draft: RangeDraft;
  onDraftChange: (draft: RangeDraft) => void;
};

/** "Every Friday and Saturday in December: $180, minimum 2 nights": one range edit, sent in one request. */
export function RangeEditor({ hotelId, data, draft, onDraftChange }: RangeEditorProps) {
  const queryClient = useQueryClient();
  const [weekdays, setWeekdays] = useState(0b111_1111);
  const [price, setPrice] = useState("");
  const [minStay, setMinStay] = useState("");
  const [status, setStatus] = useState<"keep" | "open" | "closed">("keep");
  const [roomsToSell, setRoomsToSell] = useState("");
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (input: CalendarEditInput) => editCalendarRange(hotelId, input),
    onSuccess: async (result) => {
      toast.success(`Calendar updated: ${result.nights} room-night${result.nights === 1 ? "" : "s"} changed`);
      await queryClient.invalidateQueries({ queryKey: ["rate-calendar", hotelId] });
    },
    onError: (e) => toast.error(`Calendar not updated: ${e.message}`),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const dollars = price.trim() === "" ? undefined : Math.round(Number(price) * 100);
    const parsed = EditSchema.safeParse({
      roomTypeIds: draft.roomTypeIds,
      from: draft.from,
      to: draft.to,
      weekdays,
      ...(dollars !== undefined ? { priceCents: Number.isNaN(dollars) ? -1 : dollars } : {}),
      ...(minStay.trim() !== "" ? { minStay: Number(minStay) } : {}),
      ...(status !== "keep" ? { closed: status === "closed" } : {}),
      ...(roomsToSell.trim() !== "" ? { roomsToSell: Number(roomsToSell) } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the fields");
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  }

  const toggleRoomType = (id: number, on: boolean) =>
    onDraftChange({ ...draft, roomTypeIds: on ? [...draft.roomTypeIds, id] : draft.roomTypeIds.filter((x) => x !== id) });

  return (
    <form
      onSubmit={submit}
      aria-labelledby="range-editor-title"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="range-editor-title" className="text-base font-semibold text-slate-900">
        Change a range of dates
      </h2>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Room types</legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {data.roomTypes.map((r) => (
            <label key={r.id} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={draft.roomTypeIds.includes(r.id)}
                onChange={(e) => toggleRoomType(r.id, e.target.checked)}
              />
              {r.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First night"
          type="date"
          value={draft.from}
          onChange={(e) => onDraftChange({ ...draft, from: e.target.value })}
          required
        />
        <TextField
          label="Last night"
          type="date"
          value={draft.to}
          onChange={(e) => onDraftChange({ ...draft, to: e.target.value })}
          required
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">On these days of the week</legend>
        <div className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
          {WEEKDAYS.map((day, i) => (
            <label key={day} className="flex min-h-11 items-center gap-1.5 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={(weekdays & (1 << i)) !== 0}
                onChange={(e) => setWeekdays(e.target.checked ? weekdays | (1 << i) : weekdays & ~(1 << i))}
              />
              {day}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label={`Price per night (${data.currency})`}
          inputMode="decimal"
          placeholder="No change"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
        <TextField
          label="Minimum stay (nights)"
          inputMode="numeric"
          placeholder="No change"
          value={minStay}
          onChange={(e) => setMinStay(e.target.value)}
        />
        <div className="space-y-1.5">
          <Label htmlFor="range-status">Open or closed</Label>
          <NativeSelect id="range-status" value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="keep">No change</option>
            <option value="open">Open for sale</option>
            <option value="closed">Closed</option>
          </NativeSelect>
        </div>
        <TextField
          label="Rooms to sell"
          inputMode="numeric"
          placeholder="No change"
          value={roomsToSell}
          onChange={(e) => setRoomsToSell(e.target.value)}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? <Spinner /> : null}
        Apply to the range
      </Button>
    </form>
  );
}
