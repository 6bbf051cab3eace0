import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api.ts";

export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
}

export interface MailboxResponse {
  messages: MailboxMessage[];
  total: number;
  page: number;
  pageSize: number;
}

export const MAILBOX_PAGE_SIZE = 20;

export function useMailbox(page: number) {
  return useQuery({
    queryKey: ["admin", "mailbox", page],
    queryFn: () => apiGet<MailboxResponse>(`/api/admin/mailbox?page=${page}&pageSize=${MAILBOX_PAGE_SIZE}`),
    // Keeps the current page on screen while the next one loads instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}
