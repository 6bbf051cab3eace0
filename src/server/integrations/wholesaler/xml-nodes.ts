/**
 * Reading XML parsed by fast-xml-parser: single children come as objects, repeated ones as
 * arrays, empty ones as "".
 */
import { WholesalerError } from "./wholesaler-client.ts";

export type XmlNode = Record<string, unknown>;

export function root(parsed: XmlNode, name: string, method: string): XmlNode {
  const value = parsed[name];
  if (value === "") return {};
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new WholesalerError(`The supplier's answer to ${method} was not understood`, "MalformedResponse");
  }
  return value as XmlNode;
}

export function node(parent: XmlNode | undefined, key: string): XmlNode | undefined {
  const value = parent?.[key];
  return value && typeof value === "object" && !Array.isArray(value) ? (value as XmlNode) : undefined;
}

/** The repeated `item` elements inside the `container` element of `parent`. */
export function list(parent: XmlNode | undefined, container: string, item: string): XmlNode[] {
  const items = node(parent, container)?.[item];
  const all = Array.isArray(items) ? items : items === undefined ? [] : [items];
  return all.map((i) => (i && typeof i === "object" ? (i as XmlNode) : { "#text": String(i) }));
}

export function first<T>(items: T[]): T | undefined {
  return items[0];
}

export function textOf(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (value && typeof value === "object" && "#text" in value) return String((value as XmlNode)["#text"]).trim();
  return "";
}

export function leaf(parent: XmlNode | undefined, key: string): string {
  return textOf(parent?.[key]);
}

export function attribute(element: XmlNode, name: string): string {
  return String(element[`@${name}`] ?? "");
}

export function int(parent: XmlNode | undefined, key: string): number {
  const value = Number.parseInt(leaf(parent, key), 10);
  return Number.isFinite(value) ? value : 0;
}

export function decimal(parent: XmlNode | undefined, key: string): number {
  const value = Number.parseFloat(leaf(parent, key));
  return Number.isFinite(value) ? value : 0;
}
