/** How the results are shown; in the address as `view=map` (the list is the default and is left out). */
export type ResultsView = "list" | "map";

export function readView(params: URLSearchParams): ResultsView {
  return params.get("view") === "map" ? "map" : "list";
}

/** Switches the view and keeps everything else (search, filters, sort, page). */
export function writeView(params: URLSearchParams, view: ResultsView): URLSearchParams {
  const next = new URLSearchParams(params);
  if (view === "map") next.set("view", "map");
  else next.delete("view");
  return next;
}
