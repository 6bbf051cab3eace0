import { XMLParser } from "fast-xml-parser";
import type { SupplierUrlPolicy } from "./supplier-url-policy.ts";

export interface WholesalerCredentials {
  apiUrl: string;
  username: string;
  password: string;
}

/**
 * A failure reported by, or on the way to, the wholesaler; `type` is its ErrorType when it sent one.
 * `retryable` marks transport failures (no answer, a server error) that a read may try again.
 */
export class WholesalerError extends Error {
  constructor(
    message: string,
    readonly type: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

export type WholesalerService = "StaticXMLAPI" | "NonStaticXMLAPI";

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: true, parseTagValue: false });

/**
 * The address of one API method (`{apiUrl}/PostGet/{service}.asmx/{method}`), or a WholesalerError
 * saying why it may not be called: not an http(s) address, or refused by the host policy. Saving the
 * settings checks the same way, so an address refused at call time is refused with the same words
 * when it is saved.
 */
export function wholesalerMethodUrl(apiUrl: string, service: WholesalerService, method: string, policy?: SupplierUrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(`${apiUrl.replace(/\/+$/, "")}/PostGet/${service}.asmx/${method}`);
  } catch {
    throw new WholesalerError("The API URL is not a valid address", "InvalidUrl");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new WholesalerError("The API URL must start with http:// or https://", "InvalidUrl");
  const refused = policy?.(url);
  if (refused) throw new WholesalerError(refused, "HostNotAllowed");
  return url;
}

/**
 * One form-encoded POST to the wholesaler's XML API (credentials in the body, never in the URL),
 * parsed; an <Error> answer becomes a WholesalerError with its type and message. A URL the policy
 * refuses is never called, and a redirect is never followed (it could lead to any host).
 */
export async function callWholesaler(
  credentials: WholesalerCredentials,
  service: WholesalerService,
  method: string,
  params: Record<string, string>,
  timeoutMs = 10_000,
  policy?: SupplierUrlPolicy,
): Promise<Record<string, unknown>> {
  const url = wholesalerMethodUrl(credentials.apiUrl, service, method, policy);
  const body = new URLSearchParams({ userName: credentials.username, password: credentials.password, ...params });
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new WholesalerError(
      timedOut ? `No answer within ${timeoutMs / 1000} s` : `Could not reach ${url.host}`,
      timedOut ? "Timeout" : "Unreachable",
      true,
    );
  }
  if (response.status >= 300 && response.status < 400)
    throw new WholesalerError(`The supplier answered with a redirect (HTTP ${response.status}), which is not followed`, "Redirect");
  const serverFault = response.status >= 500 || response.status === 429;
  if (!text.trim()) throw new WholesalerError("The supplier sent an empty answer", "EmptyResponse", serverFault);
  let parsed: Record<string, unknown>;
  try {
    // Validating first: a truncated or HTML answer must not pass as a half-read result.
    parsed = parser.parse(text, true) as Record<string, unknown>;
  } catch {
    throw new WholesalerError(
      `The supplier answered with something that is not XML (HTTP ${response.status})`,
      "MalformedResponse",
      serverFault,
    );
  }
  const error = findError(parsed);
  if (error) throw new WholesalerError(error.message, error.type);
  if (!response.ok) throw new WholesalerError(`The supplier answered HTTP ${response.status}`, "HttpError", serverFault);
  if (Object.keys(parsed).filter((k) => k !== "?xml").length === 0)
    throw new WholesalerError("The supplier sent an empty answer", "EmptyResponse");
  return parsed;
}

function findError(node: unknown, depth = 0): { type: string; message: string } | null {
  if (!node || typeof node !== "object" || depth > 4) return null;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === "Error" && value && typeof value === "object") {
      const e = value as Record<string, unknown>;
      return { type: String(e.ErrorType ?? "Error"), message: String(e.Message ?? "The supplier reported an error") };
    }
    const nested = findError(value, depth + 1);
    if (nested) return nested;
  }
  return null;
}

/** The cheap call the supplier's clients use as a connection test. */
export async function testWholesalerConnection(credentials: WholesalerCredentials, policy?: SupplierUrlPolicy): Promise<string> {
  const result = await callWholesaler(credentials, "StaticXMLAPI", "GetLanguages", {}, undefined, policy);
  const languages = JSON.stringify(result).match(/"(?:languageCode|code|isoCode)"/gi)?.length ?? 0;
  return languages > 0 ? `Connected: ${languages} languages available` : "Connected";
}
