import { useEffect, useEffectEvent, useState } from "react";

/**
 * A slider's value while it is being dragged: shown at once, committed (to the address) only after
 * it has rested for `delayMs`, so dragging does not start a search per pixel.
 */
export function useSliderDraft(committed: number[], commit: (value: number[]) => void, delayMs = 400) {
  const [draft, setDraft] = useState<number[] | null>(null);
  // Once the address has caught up with the draft, the address is the truth again.
  if (draft !== null && draft.length === committed.length && draft.every((v, i) => v === committed[i])) {
    setDraft(null);
  }
  const onCommit = useEffectEvent(commit);
  useEffect(() => {
    if (draft === null) return;
    const timer = window.setTimeout(() => onCommit(draft), delayMs);
    return () => window.clearTimeout(timer);
  }, [draft, delayMs]);
  return [draft ?? committed, setDraft] as const;
}
