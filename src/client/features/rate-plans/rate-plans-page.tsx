import { useState } from "react";
import { AlertDialog } from "radix-ui";
import { BedDouble, Plus, ScrollText } from "lucide-react";
import { useParams } from "react-router";
import type { CancellationPolicy, RatePlan, RatePlanOverview, RatePlanRoomType } from "../../api/rate-plans.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { AlertDialogContent } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { formatMoney } from "../../lib/format.ts";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { PlanDialog } from "./plan-dialog.tsx";
import { useInclusionLabel, useMealPlanLabel, usePaymentTimingLabel } from "./plan-labels.ts";
import { PolicyDialog } from "./policy-dialog.tsx";
import { policyWords } from "./policy-words.ts";
import { useDeletePolicy, useRatePlanOverview, useRemovePlan } from "./use-rate-plans.ts";

type Editing =
  { kind: "policy"; policy: CancellationPolicy | null } | { kind: "plan"; room: RatePlanRoomType; plan: RatePlan | null } | null;

/** The example stay's nightly price: the hotel's cheapest room, or $100 without rooms. */
function exampleNightly(data: RatePlanOverview): number {
  const prices = data.roomTypes.map((r) => r.priceCents);
  return prices.length > 0 ? Math.min(...prices) : 10_000;
}

function priceWords(plan: RatePlan, currency: string, t: TFunction): string {
  const { kind, value } = plan.priceRule;
  if (kind === "own") return t("Own prices");
  if (value === 0) return t("Room price");
  if (kind === "percent")
    return value < 0
      ? t("{{percent}} % below the room price", { percent: -value })
      : t("{{percent}} % above the room price", { percent: value });
  const amount = formatMoney(Math.abs(value), currency);
  return value < 0 ? t("{{amount}} a night below the room price", { amount }) : t("{{amount}} a night above the room price", { amount });
}

/** A hotel's rate plans per room type and its cancellation policies (issue 29, decision 052). */
export function RatePlansPage() {
  const { t } = useTranslation();
  const { hotelId = "" } = useParams();
  const overview = useRatePlanOverview(hotelId);
  const [editing, setEditing] = useState<Editing>(null);
  const data = overview.data;
  useDocumentTitle(data ? t("Rate plans & policies · {{hotel}}", { hotel: data.hotelName }) : t("Rate plans & policies"));

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeader
        title={t("Rate plans & policies")}
        description={data ? `${data.hotelName} · ${t("Time zone")}: ${data.timeZone.replaceAll("_", " ")}` : undefined}
        back={{ to: `/admin/hotels/${encodeURIComponent(hotelId)}`, label: t("Back to the hotel") }}
      />
      {overview.isPending ? (
        <Loading rows={4} rowClassName="h-24 w-full" className="space-y-3" />
      ) : overview.isError ? (
        <LoadFailed
          title={t("Failed to load the rate plans")}
          error={overview.error}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
          layout="panel"
        />
      ) : data ? (
        <>
          <PoliciesSection data={data} onEdit={(policy) => setEditing({ kind: "policy", policy })} />
          {data.roomTypes.length === 0 ? (
            <EmptyState icon={BedDouble} title={t("No room types yet")}>
              {t("Add a room type to this hotel to sell it with rate plans.")}
            </EmptyState>
          ) : (
            data.roomTypes.map((room) => (
              <RoomPlans
                key={room.id}
                data={data}
                room={room}
                onAdd={() => setEditing({ kind: "plan", room, plan: null })}
                onEdit={(plan) => setEditing({ kind: "plan", room, plan })}
              />
            ))
          )}
          {editing?.kind === "policy" ? (
            <PolicyDialog
              hotelId={hotelId}
              policy={editing.policy}
              timeZone={data.timeZone}
              currency={data.currency}
              exampleNightlyCents={exampleNightly(data)}
              open
              onOpenChange={(open) => (open ? undefined : setEditing(null))}
            />
          ) : null}
          {editing?.kind === "plan" ? (
            <PlanDialog
              hotelId={hotelId}
              room={editing.room}
              plan={editing.plan}
              policies={data.policies}
              open
              onOpenChange={(open) => (open ? undefined : setEditing(null))}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function PoliciesSection({ data, onEdit }: { data: RatePlanOverview; onEdit: (policy: CancellationPolicy | null) => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="policies-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="policies-heading" className="text-xl font-semibold text-slate-900">
          {t("Cancellation policies")}
        </h2>
        <Button size="sm" onClick={() => onEdit(null)}>
          <Plus aria-hidden="true" />
          {t("New policy")}
        </Button>
      </div>
      {data.policies.length === 0 ? (
        <EmptyState icon={ScrollText} title={t("No cancellation policies yet")}>
          {t("Write a policy first (for example free cancellation until 7 days before, then the first night); every plan chooses one.")}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {data.policies.map((policy) => (
            <li key={policy.id}>
              <Card className="flex h-full flex-col gap-3 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold text-slate-900">{policy.name}</h3>
                  {policy.booked ? <Badge tone="warning">{t("Booked: terms fixed")}</Badge> : null}
                </div>
                <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
                  {policyWords(policy.terms, exampleNightly(data), data.timeZone, data.currency, t).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                <p className="text-sm text-slate-600">{t("Used by {{count}} plans", { count: policy.planCount })}</p>
                <div className="mt-auto flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onEdit(policy)}
                    aria-label={t("Edit policy {{name}}", { name: policy.name })}
                  >
                    {t("Edit")}
                  </Button>
                  <DeletePolicyButton hotelId={String(data.hotelId)} policy={policy} />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DeletePolicyButton({ hotelId, policy }: { hotelId: string; policy: CancellationPolicy }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeletePolicy(hotelId);
  const used = policy.planCount > 0;
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (remove.isPending ? undefined : setOpen(next))}>
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" size="sm" aria-label={t("Delete policy {{name}}", { name: policy.name })}>
          {t("Delete")}
        </Button>
      </AlertDialog.Trigger>
      {open ? (
        <AlertDialogContent
          title={t("Delete policy {{name}}?", { name: policy.name })}
          description={
            <p>
              {used
                ? t("Plans use this policy, so it cannot be deleted. Choose another policy for them first.")
                : t("The policy is removed. Bookings already made keep the terms they were sold under.")}
            </p>
          }
          actions={
            <>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={remove.isPending}>
                  {t("Cancel")}
                </Button>
              </AlertDialog.Cancel>
              <Button
                variant="destructive"
                disabled={remove.isPending || used}
                aria-busy={remove.isPending || undefined}
                onClick={() => remove.mutate({ policyId: policy.id, name: policy.name }, { onSettled: () => setOpen(false) })}
              >
                {t("Delete")}
              </Button>
            </>
          }
        />
      ) : null}
    </AlertDialog.Root>
  );
}

function RoomPlans({
  data,
  room,
  onAdd,
  onEdit,
}: {
  data: RatePlanOverview;
  room: RatePlanRoomType;
  onAdd: () => void;
  onEdit: (plan: RatePlan) => void;
}) {
  const { t } = useTranslation();
  const mealLabel = useMealPlanLabel();
  const inclusionLabel = useInclusionLabel();
  const timingLabel = usePaymentTimingLabel();
  const headingId = `room-${room.id}-plans`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-slate-900">
            {room.name}
          </h2>
          <p className="text-sm text-slate-600">
            {t("Room price from {{amount}} a night", { amount: formatMoney(room.cheapestNightCents, data.currency) })}
            {room.closed ? ` · ${t("Closed")}` : ""}
          </p>
        </div>
        <Button
          size="sm"
          variant="secondary"
          onClick={onAdd}
          disabled={data.policies.length === 0}
          aria-label={t("Add plan to {{room}}", { room: room.name })}
        >
          <Plus aria-hidden="true" />
          {t("Add plan")}
        </Button>
      </div>
      {room.plans.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          {data.policies.length === 0
            ? t("Write a cancellation policy above, then add plans to this room.")
            : t("No plans: this room sells at its calendar price with the hotel's own cancellation rule.")}
        </p>
      ) : (
        <ul className="space-y-2">
          {room.plans.map((plan) => {
            const policy = data.policies.find((p) => p.id === plan.cancellationPolicyId);
            const extras = [mealLabel(plan.mealPlan), ...plan.inclusions.map(inclusionLabel)];
            const restrictions = [
              plan.minStay ? t("at least {{count}} nights", { count: plan.minStay }) : null,
              plan.minAdvanceDays !== null ? t("book {{count}}+ days ahead", { count: plan.minAdvanceDays }) : null,
              plan.maxAdvanceDays !== null ? t("book within {{count}} days", { count: plan.maxAdvanceDays }) : null,
              plan.closedDates.length > 0 ? t("{{count}} closed dates", { count: plan.closedDates.length }) : null,
            ].filter((r): r is string => r !== null);
            return (
              <li key={plan.id}>
                <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-slate-900">{plan.name}</h3>
                      {plan.active ? <Badge tone="success">{t("On sale")}</Badge> : <Badge tone="neutral">{t("Off sale")}</Badge>}
                    </div>
                    <p className="text-sm text-slate-700">
                      {priceWords(plan, data.currency, t)} · {extras.join(", ")}
                    </p>
                    <p className="text-sm text-slate-700">
                      {policy?.name ?? "?"} · {timingLabel(plan.paymentTiming)}
                      {plan.paymentTiming === "deposit" && plan.depositPercent ? ` (${plan.depositPercent} %)` : ""}
                    </p>
                    {restrictions.length > 0 ? <p className="text-sm text-slate-600">{restrictions.join(" · ")}</p> : null}
                    {plan.bookingCount > 0 ? (
                      <p className="text-sm text-slate-600">{t("{{count}} bookings", { count: plan.bookingCount })}</p>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => onEdit(plan)}
                      aria-label={t("Edit plan {{name}}", { name: plan.name })}
                    >
                      {t("Edit")}
                    </Button>
                    {plan.active || plan.bookingCount === 0 ? (
                      <RemovePlanButton hotelId={String(data.hotelId)} room={room} plan={plan} />
                    ) : null}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function RemovePlanButton({ hotelId, room, plan }: { hotelId: string; room: RatePlanRoomType; plan: RatePlan }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useRemovePlan(hotelId);
  const booked = plan.bookingCount > 0;
  const label = booked ? t("Take off sale") : t("Delete");
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (remove.isPending ? undefined : setOpen(next))}>
      <AlertDialog.Trigger asChild>
        <Button
          variant="secondary"
          size="sm"
          aria-label={booked ? t("Take off sale: {{name}}", { name: plan.name }) : t("Delete plan {{name}}", { name: plan.name })}
        >
          {label}
        </Button>
      </AlertDialog.Trigger>
      {open ? (
        <AlertDialogContent
          title={booked ? t("Take {{name}} off sale?", { name: plan.name }) : t("Delete plan {{name}}?", { name: plan.name })}
          description={
            <p>
              {booked
                ? t(
                    "Bookings name this plan, so it is kept for them and only stops selling for {{room}}. You can put it on sale again by editing it.",
                    {
                      room: room.name,
                    },
                  )
                : t("The plan is removed from {{room}} for good.", { room: room.name })}
            </p>
          }
          actions={
            <>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={remove.isPending}>
                  {t("Cancel")}
                </Button>
              </AlertDialog.Cancel>
              <Button
                variant="destructive"
                disabled={remove.isPending}
                aria-busy={remove.isPending || undefined}
                onClick={() => remove.mutate({ planId: plan.id, name: plan.name }, { onSettled: () => setOpen(false) })}
              >
                {label}
              </Button>
            </>
          }
        />
      ) : null}
    </AlertDialog.Root>
  );
}
