import { type ReactNode, useId, useRef } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import type { LucideIcon } from "lucide-react";
import { BedDouble, Copy, MessageSquareText, UserPlus } from "lucide-react";
import { toast } from "sonner";
import { POINTS_PER_DOLLAR, POINTS_PER_REFERRAL, POINTS_PER_REVIEW } from "../../../shared/loyalty.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { formatMoney } from "../../lib/format.ts";

function EarnWay({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 py-5 first:pt-0 last:pb-0">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-200">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 text-sm leading-6 text-slate-600">{children}</div>
      </div>
    </li>
  );
}

function ReferralLink({ link }: { link: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t("Link copied"));
    } catch {
      // The clipboard API is missing on plain-http origins and can be refused: leave the link selected to copy by hand.
      inputRef.current?.select();
      toast.error(t("Could not copy the link"), { description: t("The link is selected: copy it with your keyboard.") });
    }
  }

  return (
    <div className="mt-3 space-y-1.5">
      <Label htmlFor={inputId}>{t("Your referral link")}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          ref={inputRef}
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          className="font-mono text-sm sm:text-sm"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t("Copy link")}
        </Button>
      </div>
    </div>
  );
}

export function EarnPointsTab({ referralLink }: { referralLink: string }) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-slate-200">
      <EarnWay
        icon={BedDouble}
        title={t("{{points, number}} point per {{amount}}", { points: POINTS_PER_DOLLAR, amount: formatMoney(100) })}
      >
        {t("Earned on every confirmed booking, once it is paid.")}
      </EarnWay>
      <EarnWay icon={MessageSquareText} title={t("{{points, number}} points per approved review", { points: POINTS_PER_REVIEW })}>
        {t("Review a hotel from its page; the points arrive when our team approves the review.")}
      </EarnWay>
      <EarnWay icon={UserPlus} title={t("{{points, number}} points per referral", { points: POINTS_PER_REFERRAL })}>
        {t("Share your link: when a friend signs up with it and completes their first booking, you earn the points.")}
        <ReferralLink link={referralLink} />
      </EarnWay>
    </ul>
  );
}
