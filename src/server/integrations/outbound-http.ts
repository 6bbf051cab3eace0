/**
 * Calls to addresses that users type in (webhook endpoints): the outbound URL policy and one POST
 * with a deadline and a cap on what is read back (decision 057).
 */
import { BlockList, isIP } from "node:net";
import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

/** Says why `url` may not be called, or null when it may. */
export type OutboundUrlPolicy = (url: URL) => string | null;

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved ranges: never the public internet. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 127],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, "ipv6");

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

export function listed(privateHosts: readonly string[], url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const port = url.port || DEFAULT_PORTS[url.protocol];
  return privateHosts.includes(`${host}:${port}`) || privateHosts.includes(host);
}

/**
 * Which addresses webhooks may call: https to a public host. An operator may list hosts in
 * OUTBOUND_PRIVATE_HOSTS (`host` or `host:port`) that may then be on loopback or private networks
 * and plain http (an internal receiver, the tests' local one). The host's addresses are checked
 * again when the connection is opened (`postWithLimits`), so a name that resolves to a private
 * address is refused too.
 */
export function outboundUrlPolicy(config: { outboundPrivateHosts: readonly string[] }): OutboundUrlPolicy {
  return (url) => {
    if (url.username || url.password) return "The address may not contain a user name or password.";
    const allowed = listed(config.outboundPrivateHosts, url);
    if (url.protocol !== "https:" && !(allowed && url.protocol === "http:")) return "The address must start with https://.";
    if (allowed) return null;
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
    if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal"))
      return `${url.hostname} is not a public host.`;
    if (isIP(host) && !isPublicAddress(host)) return `${url.hostname} is not a public address.`;
    if (!isIP(host) && !host.includes(".")) return `${url.hostname} is not a public host name.`;
    return null;
  };
}

export interface PostOutcome {
  status: number;
  /** The first bytes of the answer, as text (at most `maxResponseBytes`). */
  body: string;
}

export interface PostLimits {
  timeoutMs: number;
  maxResponseBytes: number;
  /** Hosts whose names may resolve to non-public addresses (OUTBOUND_PRIVATE_HOSTS). */
  privateHosts: readonly string[];
}

/** A lookup that refuses non-public addresses unless the host is listed: the policy holds at connection time too. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const refused = list.find((a) => !allowPrivate && !isPublicAddress(a.address));
      if (refused) return callback(new Error(`${hostname} resolves to ${refused.address}, which is not a public address`), "", 0);
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} has no address`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * POSTs `body` to `url` (already checked by the policy): no redirects followed, the whole call
 * within `timeoutMs`, at most `maxResponseBytes` of the answer read. Rejects on a network error
 * or the deadline.
 */
export function postWithLimits(url: URL, body: string, headers: Record<string, string>, limits: PostLimits): Promise<PostOutcome> {
  const client = url.protocol === "https:" ? https : http;
  const allowPrivate = listed(limits.privateHosts, url);
  return new Promise<PostOutcome>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate),
        timeout: limits.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size >= limits.maxResponseBytes) return;
          chunks.push(chunk.subarray(0, limits.maxResponseBytes - size));
          size += chunk.length;
          if (size >= limits.maxResponseBytes) {
            finish();
            response.destroy();
          }
        });
        response.on("end", finish);
        response.on("error", finish);
        let done = false;
        function finish() {
          if (done) return;
          done = true;
          clearTimeout(deadline);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
        }
      },
    );
    // The socket's idle timeout does not bound a slow trickle; this does.
    const deadline = setTimeout(() => request.destroy(new Error(`No answer within ${limits.timeoutMs} ms`)), limits.timeoutMs);
    request.on("timeout", () => request.destroy(new Error(`No answer within ${limits.timeoutMs} ms`)));
    request.on("error", (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.end(body);
  });
}
