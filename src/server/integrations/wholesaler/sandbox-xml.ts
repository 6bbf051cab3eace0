/** The sandbox's XML answers: elements in the supplier's namespace, and <Error> for failures. */

const SANDBOX_NAMESPACE = "http://xml.sunhotels.net/15/";

type Node = string | null | undefined | false;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", '"': "quot", "'": "apos" }[c]};`);
}

/** One element; string children that are not elements are escaped text. */
export function el(name: string, attrs: Record<string, string | number> | null, ...children: Node[]): string {
  const attributes = attrs
    ? Object.entries(attrs)
        .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
        .join("")
    : "";
  const body = children.filter((c): c is string => typeof c === "string").join("");
  return body ? `<${name}${attributes}>${body}</${name}>` : `<${name}${attributes}/>`;
}
export function text(name: string, value: string | number | null | undefined): string {
  return el(name, null, value === null || value === undefined ? "" : escapeXml(String(value)));
}
export function document(root: string, ...children: Node[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>${el(root, { xmlns: SANDBOX_NAMESPACE }, ...children)}`;
}
export function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

export interface SandboxAnswer {
  status: number;
  xml: string;
  /** Wait this long before answering (the "Slow" guest). */
  delayMs: number;
  /** The caller's user name or password was wrong (failed attempts are rate-limited). */
  authFailed?: boolean;
}

export class SandboxError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 200,
    readonly code?: number,
  ) {
    super(message);
  }
}
