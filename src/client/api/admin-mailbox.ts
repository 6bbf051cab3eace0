import { queryOptions } from "@tanstack/react-query";
import { api, body } from "./client.ts";

export function listMailbox(page: number, pageSize: number) {
  return body(api.admin.mailbox.$get({ query: { page: String(page), pageSize: String(pageSize) } }));
}

export type MailboxResponse = Awaited<ReturnType<typeof listMailbox>>;
export type MailboxMessage = MailboxResponse["messages"][number];

export function mailboxQueryOptions(page: number, pageSize: number) {
  return queryOptions({ queryKey: ["admin", "mailbox", page, pageSize], queryFn: () => listMailbox(page, pageSize) });
}
