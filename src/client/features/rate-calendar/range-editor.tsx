import { type FormEvent, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { todayLocal } from "../../../shared/dates.ts";
import { ALL_WEEKDAYS, WEEKDAYS, calendarEditSchema, type CalendarEditInput } from "../../../shared/rates.ts";
import { editCalendarRange, rateCalendarKeys, type CalendarMonthData } from "../../api/rate-calendar.ts";
import { Button } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { formatLocale } from "../../lib/format.ts";
import { fieldMessage } from "../../lib/error-text.ts";
import { i18next, useTranslation } from "../../lib/i18n.ts";

/** The browser checks the same rules as the server, against the hotelier's own today. */
const EditSchema = calendarEditSchema(() => todayLocal());

/** Monday to Sunday (the order of WEEKDAYS' bits) in the reader's language: 1 January 2024 was a Monday. */
function weekdayNames(): string[] {
  const format = new Intl.DateTimeFormat(formatLocale(), { weekday: "short", timeZone: "UTC" });
  return WEEKDAYS.map((_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

export type RangeDraft = { roomTypeIds: number[]; from: string; to: string };

type RangeEditorProps = {
  hotelId: string;
  data: CalendarMonthData;
  draft: RangeDraft;
  onDraftChange: (draft: RangeDraft) => void;
};

/** "Every Friday and Saturday in December: $180, minimum 2 nights": one range edit, sent in one request. */
export function RangeEditor({ hotelId, data, draft, onDraftChange }: RangeEditorProps) {
  const { t } = useTranslation();
  const dayNames = weekdayNames();
  const queryClient = useQueryClient();
  const [weekdays, setWeekdays] = useState(ALL_WEEKDAYS);
  const [price, setPrice] = useState("");
  const [minStay, setMinStay] = useState("");
  const [status, setStatus] = useState<"keep" | "open" | "closed">("keep");
  const [roomsToSell, setRoomsToSell] = useState("");
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (input: CalendarEditInput) => editCalendarRange(hotelId, input),
    onSuccess: async (result) => {
      // An applied edit is done: the next range starts from "No change", or it would silently get these values too.
      setWeekdays(ALL_WEEKDAYS);
      setPrice("");
      setMinStay("");
      setStatus("keep");
      setRoomsToSell("");
      toast.success(i18next.t("Calendar updated: {{count}} room-nights changed", { count: result.nights }));
      await queryClient.invalidateQueries({ queryKey: rateCalendarKeys.hotel(hotelId) });
    },
    onError: (e) => toast.error(i18next.t("Calendar not updated: {{message}}", { message: e.message })),
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
      const first = parsed.error.issues[0]?.message;
      setError(first ? fieldMessage(first) : t("Check the fields"));
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
        {t("Change a range of dates")}
      </h2>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{t("Room types")}</legend>
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
          label={t("First night")}
          type="date"
          value={draft.from}
          onChange={(e) => onDraftChange({ ...draft, from: e.target.value })}
          required
        />
        <TextField
          label={t("Last night")}
          type="date"
          value={draft.to}
          onChange={(e) => onDraftChange({ ...draft, to: e.target.value })}
          required
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{t("On these days of the week")}</legend>
        <div className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
          {WEEKDAYS.map((day, i) => (
            <label key={day} className="flex min-h-11 items-center gap-1.5 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={(weekdays & (1 << i)) !== 0}
                onChange={(e) => setWeekdays(e.target.checked ? weekdays | (1 << i) : weekdays & ~(1 << i))}
              />
              {dayNames[i]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label={t("Price per night ({{currency}})", { currency: data.currency })}
          inputMode="decimal"
          placeholder={t("No change")}
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
        <TextField
          label={t("Minimum stay (nights)")}
          inputMode="numeric"
          placeholder={t("No change")}
          value={minStay}
          onChange={(e) => setMinStay(e.target.value)}
        />
        <div className="space-y-1.5">
          <Label htmlFor="range-status">{t("Open or closed")}</Label>
          <NativeSelect id="range-status" value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="keep">{t("No change")}</option>
            <option value="open">{t("Open for sale")}</option>
            <option value="closed">{t("Closed")}</option>
          </NativeSelect>
        </div>
        <TextField
          label={t("Rooms to sell")}
          inputMode="numeric"
          placeholder={t("No change")}
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
        {t("Apply to the range")}
      </Button>
    </form>
  );
}
