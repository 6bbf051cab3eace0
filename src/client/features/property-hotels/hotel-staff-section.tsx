import { type FormEvent, useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Users } from "lucide-react";
import { HotelStaffInput } from "../../../shared/front-desk.ts";
import type { HotelStaffRole } from "../../../shared/auth.ts";
import { addHotelStaff, hotelStaffKeys, hotelStaffQueryOptions, removeHotelStaff } from "../../api/hotel-staff.ts";
import { ConfirmButton } from "../../components/confirm-button.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";

function staffRoleLabel(role: HotelStaffRole, t: TFunction): string {
  return role === "manager" ? t("Manager") : t("Front desk");
}

/**
 * The hotel's staff (decision 064): its managers and front-desk staff. A manager adds an existing
 * account by e-mail as front desk and removes front-desk staff; an administrator may also add or
 * remove managers. The server checks all of it again.
 */
export function HotelStaffSection({ hotelId }: { hotelId: number }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const staff = useQuery(hotelStaffQueryOptions(hotelId));
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<HotelStaffRole>("front_desk");
  const [error, setError] = useState<string | undefined>();
  const roleId = useId();
  const isAdmin = user?.isAdmin === true;
  const refresh = () => queryClient.invalidateQueries({ queryKey: hotelStaffKeys.hotel(hotelId) });
  const add = useMutation({
    mutationFn: (input: HotelStaffInput) => addHotelStaff(hotelId, input),
    onSuccess: (_data, input) => {
      toast.success(t("{{email}} added as {{role}}", { email: input.email, role: staffRoleLabel(input.role, t) }));
      setEmail("");
    },
    onError: (e) => setError(e.message),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (member: { userId: string; email: string }) => removeHotelStaff(hotelId, member.userId),
    onSuccess: (_data, member) => toast.success(t("{{email}} removed from this hotel's staff", { email: member.email })),
    onError: (e) => toast.error(e.message),
    onSettled: refresh,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = HotelStaffInput.safeParse({ email, role: isAdmin ? role : "front_desk" });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    add.mutate(parsed.data);
  }

  return (
    <section aria-labelledby="staff-heading" className="space-y-4">
      <h2 id="staff-heading" className="text-xl font-semibold text-slate-900">
        {t("Staff")}
      </h2>
      <p className="text-sm text-slate-600">
        {t("Front-desk staff see and do this hotel's front desk only: arrivals, departures, phone bookings and invoices.")}
      </p>
      <Card className="p-4">
        {staff.isPending ? (
          <Loading rows={2} />
        ) : staff.isError ? (
          <LoadFailed error={staff.error} onRetry={() => void staff.refetch()} />
        ) : staff.data.staff.length === 0 ? (
          <EmptyState icon={Users} title={t("No managers or front-desk staff yet.")} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {staff.data.staff.map((member) => (
              <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{member.name}</p>
                  <p className="text-sm text-slate-600">{member.email}</p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone={member.role === "manager" ? "warning" : "neutral"}>{staffRoleLabel(member.role, t)}</Badge>
                  {member.userId !== user?.id && (isAdmin || member.role === "front_desk") ? (
                    <ConfirmButton
                      trigger={
                        <>
                          <span aria-hidden="true">{t("Remove")}</span>
                          <span className="sr-only">{t("Remove {{email}} from this hotel's staff", { email: member.email })}</span>
                        </>
                      }
                      title={t("Remove {{email}} from this hotel's staff?", { email: member.email })}
                      description={t("They lose their access to this hotel at once. Their account stays, and they can be added again.")}
                      confirmLabel={t("Remove from staff")}
                      pending={remove.isPending}
                      onConfirm={(close) => remove.mutate({ userId: member.userId, email: member.email }, { onSuccess: close })}
                    />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        <form className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4" onSubmit={submit} noValidate>
          <TextField
            label={t("E-mail of an existing account")}
            type="email"
            value={email}
            error={error}
            onChange={(e) => setEmail(e.target.value)}
            className="min-w-64 flex-1"
          />
          {isAdmin ? (
            <div className="space-y-1.5">
              <Label htmlFor={roleId}>{t("Role")}</Label>
              <NativeSelect id={roleId} value={role} onChange={(e) => setRole(e.target.value as HotelStaffRole)}>
                <option value="front_desk">{t("Front desk")}</option>
                <option value="manager">{t("Manager")}</option>
              </NativeSelect>
            </div>
          ) : null}
          <Button type="submit" disabled={add.isPending}>
            {isAdmin ? t("Add to staff") : t("Add as front desk")}
          </Button>
        </form>
      </Card>
    </section>
  );
}
