import { useId, useState } from "react";
import { Dialog } from "radix-ui";
import { Building2, X } from "lucide-react";
import type { AdminUserView } from "../../api/admin-users.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { DialogContent } from "../../components/ui/dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useHotelOptions } from "./use-admin-dashboard.ts";
import { useSetManagedHotels } from "./use-admin-users.ts";
import { useTranslation } from "../../lib/i18n.ts";

type Picked = { id: number; name: string };

/** "Manage hotels": search hotels by name, pick several; saving none makes a manager a regular user again. */
export function ManageHotelsButton({ user }: { user: AdminUserView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm" aria-label={t("Manage hotels of {{email}}", { email: user.email })}>
          {t("Manage hotels")}
        </Button>
      </Dialog.Trigger>
      {open ? <ManageHotelsContent user={user} onDone={() => setOpen(false)} /> : null}
    </Dialog.Root>
  );
}

function ManageHotelsContent({ user, onDone }: { user: AdminUserView; onDone: () => void }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Picked[]>(user.managedHotels);
  const [searchText, setSearchText] = useState("");
  const [reason, setReason] = useState("");
  const search = useDebouncedValue(searchText.trim(), 300);
  const options = useHotelOptions(search);
  const save = useSetManagedHotels();
  const searchId = useId();
  const reasonId = useId();
  const revoking = picked.length === 0 && user.role === "manager";

  function toggle(hotel: Picked, on: boolean) {
    setPicked((current) => (on ? [...current.filter((h) => h.id !== hotel.id), hotel] : current.filter((h) => h.id !== hotel.id)));
  }

  function submit() {
    save.mutate({ id: user.id, hotelIds: picked.map((h) => h.id), reason: reason.trim() }, { onSuccess: onDone });
  }

  return (
    <DialogContent
      title={t("Hotels managed by {{name}}", { name: user.name || user.email })}
      description={t("A manager sees and runs only these hotels: their front desk, bookings and calendars. Nothing of users or settings.")}
      className="max-w-lg"
    >
      <div className="mt-4 space-y-4">
        <div>
          <p className="text-sm font-medium text-slate-900">{t("Chosen hotels ({{number}})", { number: picked.length })}</p>
          {picked.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">
              {user.role === "manager" ? t("None: saving makes this manager a regular user again.") : t("None yet.")}
            </p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("Chosen hotels")}>
              {picked.map((hotel) => (
                <li
                  key={hotel.id}
                  className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900 ring-1 ring-brand-200"
                >
                  {hotel.name}
                  <button
                    type="button"
                    className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                    aria-label={t("Remove {{hotel}}", { hotel: hotel.name })}
                    onClick={() => toggle(hotel, false)}
                  >
                    <X aria-hidden="true" className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={searchId}>{t("Search hotels")}</Label>
          <Input
            id={searchId}
            type="search"
            placeholder={t("Hotel name, city or id (3 letters at least)")}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div className="max-h-56 overflow-y-auto rounded-lg border border-slate-200">
          {search.length < 3 ? (
            <p className="p-3 text-sm text-slate-600">{t("Type at least 3 letters to find hotels.")}</p>
          ) : options.isPending ? (
            <Loading rows={3} rowClassName="h-6 w-full" className="p-3" />
          ) : options.isError ? (
            <LoadFailed
              title={t("Failed to search hotels")}
              error={options.error}
              onRetry={() => void options.refetch()}
              retrying={options.isFetching}
              className="p-3"
            />
          ) : options.data.hotels.length === 0 ? (
            <EmptyState icon={Building2} title={t("No hotels found")}>
              {t("Try another name or city.")}
            </EmptyState>
          ) : (
            <ul aria-label={t("Hotels found")} className="divide-y divide-slate-100">
              {options.data.hotels.map((hotel) => {
                const id = `${searchId}-hotel-${hotel.id}`;
                return (
                  <li key={hotel.id} className="flex items-center gap-3 px-3 py-2">
                    <Checkbox
                      id={id}
                      checked={picked.some((h) => h.id === hotel.id)}
                      onCheckedChange={(state) => toggle({ id: hotel.id, name: hotel.name }, state === true)}
                    />
                    <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer text-sm">
                      <span className="font-medium text-slate-900">{hotel.name}</span>{" "}
                      <span className="text-slate-600">
                        {hotel.city}, {hotel.country} · #{hotel.id}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={reasonId}>{t("Reason (optional)")}</Label>
          <Textarea id={reasonId} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </div>
        <div className="flex justify-end gap-2">
          <Dialog.Close asChild>
            <Button variant="secondary" disabled={save.isPending}>
              {t("Cancel")}
            </Button>
          </Dialog.Close>
          <Button
            variant={revoking ? "destructive" : "primary"}
            onClick={submit}
            disabled={save.isPending || (picked.length === 0 && user.role !== "manager")}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? <Spinner /> : null}
            {revoking ? t("Remove manager access") : t("Save hotels")}
          </Button>
        </div>
      </div>
    </DialogContent>
  );
}
