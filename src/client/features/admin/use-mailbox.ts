import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { mailboxQueryOptions } from "../../api/admin-mailbox.ts";

export type { MailboxMessage } from "../../api/admin-mailbox.ts";

export const MAILBOX_PAGE_SIZE = 20;

export function useMailbox(page: number) {
  return useQuery({
    ...mailboxQueryOptions(page, MAILBOX_PAGE_SIZE),
    // Keeps the current page on screen while the next one loads instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}
