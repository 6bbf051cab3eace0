import type { ReactNode } from "react";

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/g;
// Sentence punctuation right after a URL is almost never part of it.
const TRAILING_PUNCTUATION = /[.,;:!?)\]'"]+$/;

/** Plain text with http(s) URLs turned into links; everything else is rendered as text, never as HTML. */
export function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let cursor = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    const start = match.index;
    if (start > cursor) parts.push(text.slice(cursor, start));
    parts.push(
      <a
        key={start}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium break-all text-brand-700 underline hover:text-brand-800"
      >
        {url}
      </a>,
    );
    cursor = start + url.length;
  }
  if (cursor < text.length) parts.push(text.slice(cursor));
  return <>{parts}</>;
}
