import { AsyncLocalStorage } from "node:async_hooks";
import type { Language } from "../shared/i18n/languages.ts";

export interface RequestContext {
  requestId: string;
  ip: string | null;
  /** A referral code sent with a sign-up, for the account-creation hook to link. */
  referralCode?: string;
  /** The client wrote moments ago: its reads go to the primary, which has the write (decision 019). */
  readFromPrimary?: boolean;
  /** The language the person making the request reads (cookie, else Accept-Language): e-mails it triggers use it. */
  language?: Language;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The request being served, if any: lets deep code (auth callbacks, logs) name the request id and client. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
