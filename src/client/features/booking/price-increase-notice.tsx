import { useEffect, useRef } from "react";
import { Button } from "../../components/ui/button.tsx";
import { formatMoney } from "../../lib/format.ts";
import { Trans, useTranslation } from "../../lib/i18n.ts";

export type PriceIncrease = { message: string; nightlyPriceCents: number; totalPriceCents: number };

type PriceIncreaseNoticeProps = {
  change: PriceIncrease;
  currency: string;
  submitting: boolean;
  onAccept: () => void;
  onDecline: () => void;
};

/** A partner hotel's price went up between the search and the price check: the guest decides. */
export function PriceIncreaseNotice({ change, currency, submitting, onAccept, onDecline }: PriceIncreaseNoticeProps) {
  const { t } = useTranslation();
  const accept = useRef<HTMLButtonElement>(null);
  // The question appears below the form: bring it into view (phones) and put the keyboard on the answer.
  useEffect(() => {
    accept.current?.scrollIntoView({ block: "nearest" });
    accept.current?.focus({ preventScroll: true });
  }, [change]);
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">{t("The price has changed")}</p>
      <p>{change.message}</p>
      <p>
        <Trans
          i18nKey="New total for your stay: <total>{{amount}}</total>"
          values={{ amount: formatMoney(change.totalPriceCents, currency) }}
          components={{ total: <span className="font-semibold tabular-nums" /> }}
        />
      </p>
      <div className="flex flex-wrap gap-2">
        <Button ref={accept} type="button" onClick={onAccept} disabled={submitting}>
          {t("Accept new price")}
        </Button>
        <Button type="button" variant="ghost" onClick={onDecline} disabled={submitting}>
          {t("Choose another room")}
        </Button>
      </div>
    </div>
  );
}
