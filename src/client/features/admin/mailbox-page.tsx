import { useState } from "react";
import { useSearchParams } from "react-router";
import { Dialog, Tabs } from "radix-ui";
import { Inbox, RefreshCw } from "lucide-react";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Pager } from "../../components/pager.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { DialogContent } from "../../components/ui/dialog.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { LinkifiedText } from "./linkified-text.tsx";
import { useMailbox, type MailboxMessage } from "./use-mailbox.ts";

function statusTone(status: string): BadgeTone {
  if (status === "sent" || status === "delivered") return "success";
  if (status === "failed") return "danger";
  if (status === "pending" || status === "queued") return "warning";
  return "neutral";
}

/** An e-mail's delivery status in words; an unknown code is shown as it is. */
function statusLabel(t: TFunction, status: string): string {
  switch (status) {
    case "stored":
      return t("stored");
    case "pending":
      return t("pending");
    case "sending":
      return t("sending");
    case "sent":
      return t("sent");
    case "delivered":
      return t("delivered");
    case "queued":
      return t("queued");
    case "failed":
      return t("failed");
    default:
      return status;
  }
}

/** What an e-mail is about, from its kind code; a kind not listed here is shown as its code. */
function kindLabel(t: TFunction, kind: string): string {
  switch (kind) {
    case "booking_confirmation":
      return t("Booking confirmation");
    case "booking_cancellation":
      return t("Booking cancellation");
    case "booking_late_payment_refund":
      return t("Late payment refunded");
    case "booking_not_placed":
      return t("Booking not placed");
    case "password_reset":
      return t("Password reset");
    case "sign_up_existing_email":
      return t("Sign-up with a registered e-mail");
    case "welcome":
      return t("Welcome");
    default:
      return kind;
  }
}

function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function MessageRow({ message, onOpen }: { message: MailboxMessage; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="grid w-full gap-x-4 gap-y-1 px-4 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:-outline-offset-2 sm:px-5 md:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_11rem_5rem_11rem] md:items-center"
      >
        <span className="min-w-0">
          <span className="block truncate font-medium text-slate-900">{message.subject}</span>
          <span className="block truncate text-sm text-slate-600 md:hidden">{t("To {{address}}", { address: message.to })}</span>
        </span>
        <span className="hidden truncate text-sm text-slate-700 md:block">{message.to}</span>
        <span className="flex flex-wrap items-center gap-2 md:contents">
          <Badge tone="brand" className="max-w-full truncate md:justify-self-start">
            {kindLabel(t, message.kind)}
          </Badge>
          <Badge tone={statusTone(message.status)} className="md:justify-self-start">
            {statusLabel(t, message.status)}
          </Badge>
          <time dateTime={message.createdAt} className="text-sm text-slate-600 md:text-right">
            {formatDateTime(message.createdAt)}
          </time>
        </span>
      </button>
    </li>
  );
}

function MessageDialogBody({ message }: { message: MailboxMessage }) {
  const { t } = useTranslation();
  const textBody = (
    <div className="rounded-lg bg-slate-50 p-4 font-sans text-sm leading-6 break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">
      {message.text === null ? (
        <p className="text-slate-600">{t("Delivered by e-mail: the body is not kept in the app.")}</p>
      ) : (
        <LinkifiedText text={message.text} />
      )}
    </div>
  );
  return (
    <>
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-slate-600">{t("To")}</dt>
        <dd className="min-w-0 break-all text-slate-900">{message.to}</dd>
        <dt className="text-slate-600">{t("Kind")}</dt>
        <dd>
          <Badge tone="brand">{kindLabel(t, message.kind)}</Badge>
        </dd>
        <dt className="text-slate-600">{t("Status")}</dt>
        <dd>
          <Badge tone={statusTone(message.status)}>{statusLabel(t, message.status)}</Badge>
        </dd>
        <dt className="text-slate-600">{t("Created")}</dt>
        <dd className="text-slate-900">{formatDateTime(message.createdAt)}</dd>
        <dt className="text-slate-600">{t("Sent")}</dt>
        <dd className="text-slate-900">{message.sentAt ? formatDateTime(message.sentAt) : t("Not sent")}</dd>
      </dl>
      {message.html === null ? (
        textBody
      ) : (
        <Tabs.Root defaultValue="text">
          <Tabs.List aria-label={t("Message body")} className="mb-3 inline-flex rounded-lg bg-slate-100 p-1">
            <Tabs.Trigger
              value="text"
              className="h-9 rounded-md px-3 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-xs"
            >
              {t("Text")}
            </Tabs.Trigger>
            <Tabs.Trigger
              value="html"
              className="h-9 rounded-md px-3 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-xs"
            >
              {t("HTML preview")}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="text">{textBody}</Tabs.Content>
          <Tabs.Content value="html">
            {/* sandbox="" blocks scripts, forms and navigation: the e-mail's HTML is shown, never trusted. */}
            <iframe
              title={t("HTML preview of {{subject}}", { subject: message.subject })}
              sandbox=""
              srcDoc={message.html}
              className="h-96 w-full rounded-lg bg-white ring-1 ring-slate-200"
            />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </>
  );
}

function MailboxSkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className="flex items-center gap-4 px-5 py-4">
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-40 md:block" />
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-4 w-28" />
        </li>
      ))}
    </ul>
  );
}

export function MailboxPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Mailbox"));
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromParams(searchParams);
  const mailbox = useMailbox(page);
  const [openMessage, setOpenMessage] = useState<MailboxMessage | null>(null);

  function goToPage(next: number) {
    setSearchParams(next === 1 ? {} : { page: String(next) });
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("Mailbox")}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">
            {t(
              "Without an SMTP server configured, outgoing e-mails are not delivered; they are kept here so you can read them and follow their links.",
            )}
          </p>
        </div>
        <Button variant="secondary" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
          {mailbox.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {t("Refresh")}
        </Button>
      </div>

      <Card className="mt-8 overflow-hidden">
        <div className="hidden grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_11rem_5rem_11rem] gap-x-4 border-b border-slate-200 bg-slate-50 px-5 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase md:grid">
          <span>{t("Subject")}</span>
          <span>{t("To")}</span>
          <span>{t("Kind")}</span>
          <span>{t("Status")}</span>
          <span className="text-right">{t("Time")}</span>
        </div>
        {mailbox.isPending ? (
          <Loading>
            <MailboxSkeleton />
          </Loading>
        ) : mailbox.isError ? (
          <LoadFailed
            title={t("Failed to load the mailbox")}
            error={mailbox.error}
            onRetry={() => void mailbox.refetch()}
            retrying={mailbox.isFetching}
            className="p-5"
          />
        ) : mailbox.data.messages.length === 0 ? (
          <EmptyState icon={Inbox} title={t("No messages yet")} className="py-16">
            {t("E-mails appear here as soon as the app sends one.")}
          </EmptyState>
        ) : (
          <ul aria-label={t("Messages")} className="divide-y divide-slate-100">
            {mailbox.data.messages.map((message) => (
              <MessageRow key={message.id} message={message} onOpen={() => setOpenMessage(message)} />
            ))}
          </ul>
        )}
      </Card>

      <Pager
        label={t("Mailbox pages")}
        page={page}
        pageSize={mailbox.data?.pageSize ?? 1}
        total={mailbox.data?.total ?? 0}
        noun={t("{{count, number}} messages", { count: mailbox.data?.total ?? 0 })}
        onPageChange={goToPage}
        className="mt-4"
      />

      <Dialog.Root
        open={openMessage !== null}
        onOpenChange={(open) => {
          if (!open) setOpenMessage(null);
        }}
      >
        {openMessage ? (
          <DialogContent title={openMessage.subject}>
            <MessageDialogBody message={openMessage} />
          </DialogContent>
        ) : null}
      </Dialog.Root>
    </div>
  );
}
