import { useState, type FormEvent } from "react";
import { FlaskConical } from "lucide-react";
import { TextField } from "../../components/ui/text-field.tsx";
import { i18next, useTranslation } from "../../lib/i18n.ts";
import { confirmSimulatedCard, paymentMessage } from "./booking-api.ts";
import { PayButton, PaymentFailure, type PaymentMethodProps } from "./pay-button.tsx";
import { usePaymentAttempt } from "./use-payment-attempt.ts";

/** The simulated processor follows Stripe's test cards; listing them is honest about test mode and makes demos possible. */
function testCards(): [string, string][] {
  const t = i18next.t;
  return [
    ["4242 4242 4242 4242", t("succeeds")],
    ["4000 0000 0000 0002", t("declined")],
    ["4000 0000 0000 9995", t("insufficient funds")],
    ["4000 0027 6000 3184", t("3-D Secure check")],
  ];
}

function digitsOf(value: string): string {
  return value.replace(/\D/g, "");
}

function formatCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

function formatExpiry(value: string, previous: string): string {
  const digits = digitsOf(value).slice(0, 4);
  // Deleting the slash must not put it straight back, or backspace would get stuck after the month.
  if (digits.length === 2 && value.length < previous.length) return digits;
  return digits.length >= 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

type FieldErrors = Partial<Record<"number" | "expiry" | "cvc", string>>;

function readCard(number: string, expiry: string, cvc: string) {
  const t = i18next.t;
  const errors: FieldErrors = {};
  const digits = digitsOf(number);
  if (digits.length === 0) errors.number = t("Enter your card number.");
  else if (digits.length < 12) errors.number = t("Your card number is incomplete.");
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  const month = match ? Number(match[1]) : 0;
  if (!match || month < 1 || month > 12) errors.expiry = t("Enter the expiry date as MM/YY.");
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = t("Enter the 3 or 4 digit security code.");
  if (Object.keys(errors).length > 0 || !match) return { errors, card: null };
  return { errors, card: { number: digits, expMonth: month, expYear: 2000 + Number(match[2]), cvc } };
}

export function SimulatedCardForm({ payment, bookingId, expired, onSucceeded, onBusyChange }: PaymentMethodProps) {
  const { t } = useTranslation();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, error, attempt } = usePaymentAttempt(onBusyChange);
  // While a payment runs the fields are read-only rather than disabled, so keyboard focus stays where it was.

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readCard(number, expiry, cvc);
    setErrors(read.errors);
    const card = read.card;
    if (!card) return;
    void attempt(async () => {
      const result = await confirmSimulatedCard(payment, bookingId, card);
      if (result.status === "failed") throw new Error(result.message ? paymentMessage(result.message) : t("Payment failed"));
      if (result.status === "requires_action") {
        window.location.assign(result.redirectUrl);
        return "redirecting";
      }
      await onSucceeded();
      return "settled";
    });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label={t("Card number")}
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        value={number}
        readOnly={busy}
        className="read-only:bg-slate-100"
        error={errors.number}
        onChange={(event) => setNumber(formatCardNumber(event.target.value))}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t("Expiry date")}
          name="exp-date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t("MM/YY")}
          maxLength={5}
          value={expiry}
          readOnly={busy}
          className="read-only:bg-slate-100"
          error={errors.expiry}
          onChange={(event) => setExpiry(formatExpiry(event.target.value, expiry))}
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={cvc}
          readOnly={busy}
          className="read-only:bg-slate-100"
          error={errors.cvc}
          onChange={(event) => setCvc(digitsOf(event.target.value).slice(0, 4))}
        />
      </div>
      <PaymentFailure message={error} />
      <PayButton payment={payment} busy={busy} disabled={expired} />
      <aside
        aria-label={t("Test cards")}
        className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-700"
      >
        <p className="flex items-center gap-2 font-medium text-slate-900">
          <FlaskConical aria-hidden="true" className="size-4 text-slate-500" />
          {t("Test mode: no real card is charged")}
        </p>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          {testCards().map(([card, outcome]) => (
            <div key={card} className="contents">
              <dt className="font-mono text-[13px] whitespace-nowrap text-slate-900 tabular-nums">{card}</dt>
              <dd className="text-right text-slate-600">{outcome}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-slate-600">{t("Use any future expiry date and any 3 digits for CVC.")}</p>
      </aside>
    </form>
  );
}
