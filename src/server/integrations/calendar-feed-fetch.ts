/**
 * Fetching an imported calendar (decision 058): a conditional GET under the outbound URL policy of
 * decision 057 (public hosts only unless OUTBOUND_PRIVATE_HOSTS lists them, checked again at
 * connect time), with a deadline for the whole call and a size cap enforced while streaming.
 * Redirects are followed only a few times, and only to addresses the policy allows.
 */
import http from "node:http";
import https from "node:https";
import { type OutboundUrlPolicy, guardedLookup, listed } from "./outbound-http.ts";

export interface FeedFetchLimits {
  timeoutMs: number;
  maxBytes: number;
  privateHosts: readonly string[];
  policy: OutboundUrlPolicy;
}

/** What the conditional GET sends back from the last fetch. */
export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedFetchOutcome =
  { kind: "not_modified"; status: 304 } | { kind: "body"; status: number; body: string; etag: string | null; lastModified: string | null };

/** A fetch that failed in a way the sync log should say in words. */
export class FeedFetchError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

const MAX_REDIRECTS = 3;

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

function getOnce(url: URL, validators: FeedValidators, limits: FeedFetchLimits, deadline: number) {
  const client = url.protocol === "https:" ? https : http;
  const headers: Record<string, string> = {
    accept: "text/calendar, text/plain;q=0.5, */*;q=0.1",
    "accept-encoding": "identity",
    "user-agent": "Staywise calendar import",
  };
  if (validators.etag) headers["if-none-match"] = validators.etag;
  if (validators.lastModified) headers["if-modified-since"] = validators.lastModified;
  const remaining = Math.max(1, deadline - Date.now());
  return new Promise<{ status: number; location: string | null; body: string; etag: string | null; lastModified: string | null }>(
    (resolve, reject) => {
      const timeoutError = () => new FeedFetchError(`The calendar did not answer within ${limits.timeoutMs / 1000} seconds.`);
      const request = client.get(
        url,
        { headers, lookup: guardedLookup(listed(limits.privateHosts, url)), timeout: remaining },
        (response) => {
          const status = response.statusCode ?? 0;
          const header = (name: string) => {
            const value = response.headers[name];
            return typeof value === "string" ? value : null;
          };
          if (status >= 300 && status < 400 && status !== 304) {
            response.resume();
            clearTimeout(timer);
            resolve({ status, location: header("location"), body: "", etag: null, lastModified: null });
            return;
          }
          const declared = Number(header("content-length") ?? "0");
          if (declared > limits.maxBytes) {
            request.destroy(
              new FeedFetchError(`The calendar is ${megabytes(declared)}; at most ${megabytes(limits.maxBytes)} is read.`, status),
            );
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > limits.maxBytes) {
              request.destroy(
                new FeedFetchError(`The calendar is larger than ${megabytes(limits.maxBytes)}; at most that much is read.`, status),
              );
              return;
            }
            chunks.push(chunk);
          });
          response.on("end", () => {
            clearTimeout(timer);
            resolve({
              status,
              location: null,
              body: Buffer.concat(chunks).toString("utf8"),
              etag: header("etag"),
              lastModified: header("last-modified"),
            });
          });
          response.on("error", (error) => {
            clearTimeout(timer);
            reject(error);
          });
        },
      );
      // The socket's idle timeout does not bound a slow trickle; this does.
      const timer = setTimeout(() => request.destroy(timeoutError()), remaining);
      request.on("timeout", () => request.destroy(timeoutError()));
      request.on("error", (error) => {
        clearTimeout(timer);
        reject(error instanceof FeedFetchError ? error : new FeedFetchError(`The calendar could not be reached: ${error.message}`));
      });
    },
  );
}

/**
 * GETs a calendar, conditional on the last fetch's validators. Rejects with a FeedFetchError (its
 * message fit for the sync log) when the address is refused, on a network error, an HTTP error,
 * a redirect to a refused address, the deadline or the size cap.
 */
export async function fetchCalendarFeed(address: string, validators: FeedValidators, limits: FeedFetchLimits): Promise<FeedFetchOutcome> {
  const deadline = Date.now() + limits.timeoutMs;
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    const refused = limits.policy(url);
    if (refused) throw new FeedFetchError(hop === 0 ? refused : `The calendar redirected to an address that is not allowed: ${refused}`);
    const answer = await getOnce(url, validators, limits, deadline);
    if (answer.status === 304) return { kind: "not_modified", status: 304 };
    if (answer.status >= 300 && answer.status < 400) {
      if (!answer.location || hop >= MAX_REDIRECTS)
        throw new FeedFetchError(`The calendar redirected too often (HTTP ${answer.status}).`, answer.status);
      url = new URL(answer.location, url);
      continue;
    }
    if (answer.status < 200 || answer.status >= 300)
      throw new FeedFetchError(`The calendar answered HTTP ${answer.status}.`, answer.status);
    return { kind: "body", status: answer.status, body: answer.body, etag: answer.etag, lastModified: answer.lastModified };
  }
}
