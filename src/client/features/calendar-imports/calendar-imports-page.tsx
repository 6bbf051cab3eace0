import { type FormEvent, useId, useState } from "react";
import { Link, useParams } from "react-router";
import { AlertTriangle, CalendarSync, ChevronLeft, Pencil, RefreshCw, Trash2 } from "lucide-react";
import { toast } from "sonner";
import type { CalendarConflict, CalendarImport } from "../../api/calendar-imports.ts";
import { CreateCalendarImportInput, UpdateCalendarImportInput } from "../../../shared/calendar-imports.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { ConfirmButton } from "../../components/confirm-button.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import {
  useCalendarImportRuns,
  useCalendarImports,
  useCreateCalendarImport,
  useDeleteCalendarImport,
  useSyncCalendarImport,
  useUpdateCalendarImport,
} from "./use-calendar-imports.ts";

function StatusBadge({ item }: { item: CalendarImport }) {
  const { t } = useTranslation();
  if (!item.enabled) return <Badge>{t("Off")}</Badge>;
  if (item.lastStatus === "error") return <Badge tone="danger">{t("Error")}</Badge>;
  if (item.lastStatus === "ok" || item.lastStatus === "not_modified") return <Badge tone="success">{t("Synced")}</Badge>;
  return <Badge tone="warning">{t("Waiting for the first sync")}</Badge>;
}

function SyncLog({ hotelId, importId }: { hotelId: number; importId: number }) {
  const { t } = useTranslation();
  const runs = useCalendarImportRuns(hotelId, importId);
  if (runs.isPending) return <Loading rows={2} rowClassName="h-6 w-full" />;
  if (runs.isError)
    return (
      <LoadFailed
        title={t("Failed to load the sync log")}
        error={runs.error}
        retrying={runs.isFetching}
        onRetry={() => void runs.refetch()}
      />
    );
  if (runs.data.runs.length === 0) return <p className="text-sm text-slate-600">{t("Not fetched yet.")}</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("Sync log")}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("Sync log")}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t("When")}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t("Result")}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t("Events")}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t("Changes")}
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.data.runs.map((run) => (
            <tr key={run.at} className="border-t border-slate-100 align-top">
              <td className="py-1 pr-3 whitespace-nowrap">{formatDateTime(run.at)}</td>
              <td className="py-1 pr-3">
                {run.status === "error" ? (
                  <span className="text-red-700">{run.error}</span>
                ) : run.status === "not_modified" ? (
                  t("Not changed since the last fetch")
                ) : (
                  t("Synced")
                )}
              </td>
              <td className="py-1 pr-3">{run.events ?? "–"}</td>
              <td className="py-1">
                {run.status === "ok"
                  ? t("{{added}} added, {{removed}} removed, {{moved}} moved, {{conflicts}} conflicts", {
                      added: run.added,
                      removed: run.removed,
                      moved: run.moved,
                      conflicts: run.conflicts,
                    })
                  : "–"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type EditErrors = Partial<Record<"name" | "url" | "intervalMinutes" | "form", string>>;

/** The feed's name, address and interval, edited in place; the server checks the address as when it was added. */
function EditCalendarForm({ hotelId, item, onDone }: { hotelId: number; item: CalendarImport; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCalendarImport(hotelId);
  const headingId = useId();
  const [name, setName] = useState(item.name);
  const [url, setUrl] = useState(item.url);
  const [interval, setIntervalText] = useState(String(item.intervalMinutes));
  const [errors, setErrors] = useState<EditErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = UpdateCalendarImportInput.safeParse({ name, url, intervalMinutes: interval });
    if (!parsed.success) {
      const next: EditErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        next[field === "name" || field === "url" || field === "intervalMinutes" ? field : "form"] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(
      { importId: item.id, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(t("Calendar updated."));
          onDone();
        },
        onError: (error) => setErrors({ url: error.message }),
      },
    );
  }

  return (
    <form
      className="mt-4 grid gap-4 border-t border-slate-100 pt-4 sm:grid-cols-2"
      noValidate
      aria-labelledby={headingId}
      onSubmit={submit}
    >
      <h4 id={headingId} className="font-medium text-slate-900 sm:col-span-2">
        {t("Edit calendar")}
      </h4>
      <TextField label={t("Name")} value={name} onChange={(event) => setName(event.target.value)} error={errors.name} />
      <TextField
        label={t("Fetch every (minutes)")}
        inputMode="numeric"
        value={interval}
        onChange={(event) => setIntervalText(event.target.value)}
        error={errors.intervalMinutes}
      />
      <div className="sm:col-span-2">
        <TextField
          label={t("Calendar address (iCal)")}
          inputMode="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={errors.url ?? errors.form}
        />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          {t("Save")}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t("Cancel")}
        </Button>
      </div>
    </form>
  );
}

function ImportCard({ hotelId, item }: { hotelId: number; item: CalendarImport }) {
  const { t } = useTranslation();
  const sync = useSyncCalendarImport(hotelId);
  const update = useUpdateCalendarImport(hotelId);
  const remove = useDeleteCalendarImport(hotelId);
  const [showLog, setShowLog] = useState(false);
  const [editing, setEditing] = useState(false);
  const logId = useId();
  const editId = useId();
  const headingId = useId();
  return (
    <Card className="p-5" role="article" aria-labelledby={headingId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-semibold text-slate-900">
              {item.name}
            </h3>
            <StatusBadge item={item} />
          </div>
          <p className="text-sm text-slate-600">{item.roomType}</p>
          <p className="truncate font-mono text-xs text-slate-500" title={item.url}>
            {item.url}
          </p>
          <p className="text-sm text-slate-700">
            {item.lastFetchAt
              ? t("Last fetch {{date}} · {{events}} events · {{blocked}} blocking a room here · {{conflicts}} conflicts", {
                  date: formatDateTime(item.lastFetchAt),
                  events: item.eventCount ?? 0,
                  blocked: item.blocked,
                  conflicts: item.conflicts,
                })
              : t("Not fetched yet.")}
            {" · "}
            {t("Every {{minutes}} minutes.", { minutes: item.intervalMinutes })}
          </p>
          {item.lastStatus === "error" && item.lastError ? (
            <p role="status" className="text-sm text-red-700">
              {item.lastError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={sync.isPending} onClick={() => sync.mutate(item.id)}>
            {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {t("Sync now")}
          </Button>
          <Button variant="secondary" size="sm" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog(!showLog)}>
            {t("Sync log")}
          </Button>
          <Button variant="secondary" size="sm" aria-expanded={editing} aria-controls={editId} onClick={() => setEditing(!editing)}>
            <Pencil aria-hidden="true" />
            {t("Edit")}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={update.isPending}
            onClick={() => update.mutate({ importId: item.id, input: { enabled: !item.enabled } })}
          >
            {item.enabled ? t("Turn off") : t("Turn on")}
          </Button>
          <ConfirmButton
            trigger={
              <>
                <Trash2 aria-hidden="true" />
                {t("Remove")}
              </>
            }
            title={t("Stop importing this calendar?")}
            description={<p>{t("Its blocks are removed and those nights sell on Staywise again.")}</p>}
            confirmLabel={t("Remove calendar")}
            pending={remove.isPending}
            onConfirm={(close) => remove.mutate(item.id, { onSuccess: close })}
          />
        </div>
      </div>
      {editing ? (
        <div id={editId}>
          <EditCalendarForm hotelId={hotelId} item={item} onDone={() => setEditing(false)} />
        </div>
      ) : null}
      {showLog ? (
        <div id={logId} className="mt-4 border-t border-slate-100 pt-3">
          <SyncLog hotelId={hotelId} importId={item.id} />
        </div>
      ) : null}
    </Card>
  );
}

function Conflicts({ conflicts }: { conflicts: CalendarConflict[] }) {
  const { t } = useTranslation();
  if (conflicts.length === 0) return null;
  return (
    <section aria-labelledby="calendar-conflicts" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="calendar-conflicts" className="flex items-center gap-2 font-semibold text-amber-900">
        <AlertTriangle aria-hidden="true" className="size-5" />
        {t("Conflicts: sold on both channels")}
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        {t(
          "These blocks could not be placed because the nights were already sold out here. Check both channels and move or cancel one stay.",
        )}
      </p>
      <ul className="mt-2 space-y-1 text-sm text-amber-950">
        {conflicts.map((c) => (
          <li key={c.id}>
            {t("{{roomType}}: {{checkIn}} to {{checkOut}} from {{calendar}}", {
              roomType: c.roomType,
              checkIn: c.checkIn,
              checkOut: c.checkOut,
              calendar: c.importName,
            })}
            {c.summary ? ` (${c.summary})` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AddCalendarForm({ hotelId, roomTypes }: { hotelId: number; roomTypes: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  const create = useCreateCalendarImport(hotelId);
  const selectId = useId();
  const [roomTypeId, setRoomTypeId] = useState(String(roomTypes[0]?.id ?? ""));
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [errors, setErrors] = useState<Partial<Record<"name" | "url" | "form", string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateCalendarImportInput.safeParse({ roomTypeId, name, url });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "name" || issue.path[0] === "url" ? issue.path[0] : "form";
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        setName("");
        setUrl("");
      },
      onError: (error) => setErrors({ url: error.message }),
    });
  }

  return (
    <Card className="p-5">
      <h2 className="font-semibold text-slate-900">{t("Add a calendar")}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {t("Paste the export (iCal) link from Airbnb, Booking.com, VRBO or another calendar. Each event there blocks one room here.")}
      </p>
      <form className="mt-4 grid gap-4 sm:grid-cols-2" noValidate onSubmit={submit}>
        <div className="space-y-1.5">
          <Label htmlFor={selectId}>{t("Room type")}</Label>
          <NativeSelect id={selectId} value={roomTypeId} onChange={(event) => setRoomTypeId(event.target.value)}>
            {roomTypes.map((room) => (
              <option key={room.id} value={room.id}>
                {room.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <TextField
          label={t("Name")}
          placeholder="Airbnb"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
        <div className="sm:col-span-2">
          <TextField
            label={t("Calendar address (iCal)")}
            placeholder="https://www.airbnb.com/calendar/ical/….ics"
            inputMode="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={errors.url ?? errors.form}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : <CalendarSync aria-hidden="true" />}
            {t("Add calendar")}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** /admin/hotels/:hotelId/calendar-imports: other channels' calendars that block rooms here, their sync log and conflicts. */
export function CalendarImportsPage() {
  const { t } = useTranslation();
  const { hotelId: param } = useParams();
  const hotelId = param !== undefined && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : 0;
  const imports = useCalendarImports(hotelId);
  const hotelName = imports.data?.hotel.name;
  useDocumentTitle(hotelName ? t("Imported calendars · {{hotel}}", { hotel: hotelName }) : t("Imported calendars"));

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <header>
        <Link
          to={`/admin/hotels/${hotelId}`}
          className="-ml-2 mb-2 inline-flex h-10 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          {hotelName ?? t("Hotel")}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t("Imported calendars")}</h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          {t(
            "Rooms sold on other channels stop selling here: each calendar is fetched every 15 minutes and its events block one room of the room type on their nights.",
          )}
        </p>
      </header>
      {imports.isPending ? (
        <Loading rows={3} rowClassName="h-20 w-full" />
      ) : imports.isError ? (
        <LoadFailed
          layout="panel"
          title={t("Failed to load the imported calendars")}
          error={imports.error}
          retrying={imports.isFetching}
          onRetry={() => void imports.refetch()}
        />
      ) : imports.data.roomTypes.length === 0 ? (
        <EmptyState icon={CalendarSync} title={t("No room types")}>
          {t("Add a room type to this hotel to import its calendars.")}
        </EmptyState>
      ) : (
        <>
          <Conflicts conflicts={imports.data.conflicts} />
          <AddCalendarForm hotelId={hotelId} roomTypes={imports.data.roomTypes} />
          <section aria-labelledby="calendars-heading" className="space-y-4">
            <h2 id="calendars-heading" className="text-lg font-semibold text-slate-900">
              {t("Calendars")}
            </h2>
            {imports.data.imports.length === 0 ? (
              <p className="text-sm text-slate-600">{t("No calendars imported yet.")}</p>
            ) : (
              imports.data.imports.map((item) => <ImportCard key={item.id} hotelId={hotelId} item={item} />)
            )}
          </section>
        </>
      )}
    </div>
  );
}
