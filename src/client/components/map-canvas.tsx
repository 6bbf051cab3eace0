import { type ReactNode, useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { createPortal } from "react-dom";
import { Link } from "react-router";
import { type GeoJSONSource, LngLatBounds, Map as MapLibreMap, Marker, NavigationControl, Popup, setWorkerUrl } from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
// The worker is one of our own files (worker-src 'self'); MapLibre would otherwise look for it beside a chunk that has no such file.
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import type { FeatureCollection } from "geojson";
import { cn } from "../lib/cn.ts";
import type { MapPin } from "./hotel-map.tsx";

setWorkerUrl(workerUrl);

/** A style, or its first tiles, that has not arrived by then is taken as unreachable (a blocked host may never answer). */
const LOAD_TIMEOUT_MS = 20_000;
const SINGLE_PIN_ZOOM = 14;
/** Pins closer than this many pixels join one count bubble (a price pin is 60 to 90 px wide). */
const CLUSTER_RADIUS_PX = 80;
/** From this zoom on every pin stands alone (hotels in one building still get their own pin). */
const CLUSTER_MAX_ZOOM = 16;
const SOURCE_ID = "hotel-pins";

/** A count bubble: the pins MapLibre's clustering gathered at this zoom. */
interface PinCluster {
  id: number;
  lng: number;
  lat: number;
  pinIds: string[];
}

export interface MapCanvasProps {
  styleUrl: string;
  pins: MapPin[];
  label: string;
  highlightedId: string | null;
  onHighlight: ((id: string | null) => void) | undefined;
  onUnavailable: () => void;
}

/**
 * The MapLibre map with one button per pin (rendered by React into each marker). Anything that keeps
 * the map from drawing (no WebGL, the style or every tile unreachable, a lost GPU context) calls
 * `onUnavailable`, so the page can say so in its place.
 */
export function MapCanvas({ styleUrl, pins, label, highlightedId, onHighlight, onUnavailable }: MapCanvasProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  // One element per pin for its marker; React renders the pin's button into it.
  const markerHosts = useMemo(() => new Map(pins.map((pin) => [pin.id, document.createElement("div")])), [pins]);
  const markersRef = useRef(new Map<string, Marker>());
  const [openId, setOpenId] = useState<string | null>(null);
  // A pin opened by keyboard moves focus into its card; Escape or the card's close button brings it back to the pin.
  const focusCard = useRef(false);
  const [popupHost] = useState(() => document.createElement("div"));
  const fail = useEffectEvent(onUnavailable);
  // Pins that overlap are drawn as one count bubble (a GeoJSON source with clustering); the rest stand alone.
  const [clusters, setClusters] = useState<PinCluster[]>([]);
  // Pins wait for the first grouping, so they never flash on top of each other before their bubbles come.
  const [grouped, setGrouped] = useState(false);
  const clusterHosts = useRef(new Map<number, { host: HTMLDivElement; marker: Marker }>());
  // A bubble opened by keyboard hands focus to the first of its pins once they stand alone.
  const focusAfterZoom = useRef<string[] | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let instance: MapLibreMap;
    try {
      instance = new MapLibreMap({
        container,
        style: styleUrl,
        center: [0, 20],
        zoom: 1,
        attributionControl: { compact: true },
        // The canvas takes keys (arrows move, + and - zoom); the region around it carries the map's name.
        locale: {
          "Map.Title": t("Map area: arrow keys move the map, plus and minus zoom"),
          "NavigationControl.ZoomIn": t("Zoom in"),
          "NavigationControl.ZoomOut": t("Zoom out"),
          "Popup.Close": t("Close popup"),
        },
      });
    } catch {
      // No WebGL: MapLibre cannot draw at all.
      fail();
      return;
    }
    instance.addControl(new NavigationControl({ showCompass: false }), "top-right");
    let loaded = false;
    let tileArrived = false;
    const timer = setTimeout(() => (loaded && tileArrived ? undefined : fail()), LOAD_TIMEOUT_MS);
    instance.on("load", () => {
      loaded = true;
      // A style without tiled sources (only GeoJSON) has nothing more to wait for.
      const tiled = Object.values(instance.getStyle().sources).some((s) => s.type === "vector" || s.type === "raster");
      if (!tiled) tileArrived = true;
      setMap(instance);
    });
    instance.on("data", (event) => {
      if (event.dataType === "source" && "tile" in event && event.tile) tileArrived = true;
    });
    instance.on("error", (event) => {
      // Before the style has loaded, or before any tile has come, an error means the map cannot be shown; a later one is one tile.
      if (!loaded || (!tileArrived && "sourceId" in event)) fail();
    });
    instance.on("webglcontextlost", () => fail());
    return () => {
      clearTimeout(timer);
      setMap(null);
      instance.remove();
    };
  }, [styleUrl, label, t]);

  useEffect(() => {
    if (!map) return;
    const markers = markersRef.current;
    for (const pin of pins) {
      const host = markerHosts.get(pin.id);
      if (host) markers.set(pin.id, new Marker({ element: host, anchor: "bottom" }).setLngLat([pin.lng, pin.lat]).addTo(map));
    }
    // The clustering runs on the pins as GeoJSON; an invisible layer keeps the source's tiles computed.
    const data: FeatureCollection = {
      type: "FeatureCollection",
      features: pins.map((pin) => ({
        type: "Feature",
        properties: { pinId: pin.id },
        geometry: { type: "Point", coordinates: [pin.lng, pin.lat] },
      })),
    };
    map.addSource(SOURCE_ID, { type: "geojson", data, cluster: true, clusterRadius: CLUSTER_RADIUS_PX, clusterMaxZoom: CLUSTER_MAX_ZOOM });
    map.addLayer({ id: SOURCE_ID, type: "circle", source: SOURCE_ID, paint: { "circle-radius": 1, "circle-opacity": 0 } });
    let stale = false;
    // Once the map is idle (every tile of this zoom drawn), the bubbles are the clusters drawn now: tiles of the
    // zoom before, which the source keeps a while, would bring back bubbles already split.
    async function regroup() {
      if (!map || !map.getLayer(SOURCE_ID)) return;
      const source = map.getSource<GeoJSONSource>(SOURCE_ID);
      if (!source) return;
      const seen = new Map<number, { lng: number; lat: number; count: number }>();
      for (const feature of map.queryRenderedFeatures({ layers: [SOURCE_ID] })) {
        const props = feature.properties as { cluster?: boolean; cluster_id?: number; point_count?: number };
        if (!props.cluster || props.cluster_id === undefined || feature.geometry.type !== "Point") continue;
        const [lng = 0, lat = 0] = feature.geometry.coordinates;
        seen.set(props.cluster_id, { lng, lat, count: props.point_count ?? 0 });
      }
      const found = await Promise.all(
        [...seen].map(async ([id, at]) => {
          const leaves = await source.getClusterLeaves(id, at.count, 0);
          return { id, lng: at.lng, lat: at.lat, pinIds: leaves.map((leaf) => String(leaf.properties?.pinId)) };
        }),
      );
      if (stale) return;
      setClusters(found);
      setGrouped(true);
    }
    const onIdle = () => void regroup();
    map.on("idle", onIdle);
    const [first] = pins;
    if (pins.length === 1 && first) map.jumpTo({ center: [first.lng, first.lat], zoom: SINGLE_PIN_ZOOM });
    else if (first) {
      const bounds = pins.reduce(
        (b, pin) => b.extend([pin.lng, pin.lat]),
        new LngLatBounds([first.lng, first.lat], [first.lng, first.lat]),
      );
      map.fitBounds(bounds, { padding: 56, maxZoom: SINGLE_PIN_ZOOM, animate: false });
    }
    return () => {
      stale = true;
      map.off("idle", onIdle);
      // The map may already be gone (the page left): its style went with it.
      if (map.getStyle()) {
        if (map.getLayer(SOURCE_ID)) map.removeLayer(SOURCE_ID);
        if (map.getSource(SOURCE_ID)) map.removeSource(SOURCE_ID);
      }
      setClusters([]);
      setGrouped(false);
      for (const marker of markers.values()) marker.remove();
      markers.clear();
    };
  }, [map, pins, markerHosts]);

  // A pin inside a bubble is hidden (not focusable); each bubble gets a marker of its own.
  const clustered = useMemo(() => new Set(clusters.flatMap((c) => c.pinIds)), [clusters]);
  useEffect(() => {
    for (const [id, marker] of markersRef.current) marker.getElement().style.display = !grouped || clustered.has(id) ? "none" : "";
  }, [clustered, grouped, map, pins]);
  const [bubbleHosts, setBubbleHosts] = useState<Map<number, HTMLDivElement>>(new Map());
  useEffect(() => {
    if (!map) return;
    const hosts = clusterHosts.current;
    for (const [id, { marker }] of hosts) {
      if (!clusters.some((c) => c.id === id)) {
        marker.remove();
        hosts.delete(id);
      }
    }
    for (const cluster of clusters) {
      const known = hosts.get(cluster.id);
      if (known) known.marker.setLngLat([cluster.lng, cluster.lat]);
      else {
        const host = document.createElement("div");
        hosts.set(cluster.id, {
          host,
          marker: new Marker({ element: host, anchor: "center" }).setLngLat([cluster.lng, cluster.lat]).addTo(map),
        });
      }
    }
    setBubbleHosts(new Map([...hosts].map(([id, { host }]) => [id, host])));
  }, [map, clusters]);
  useEffect(() => {
    // After a bubble opened by keyboard: its first pin that now stands alone, else the smaller bubble that holds it.
    const wanted = focusAfterZoom.current;
    if (!wanted) return;
    const alone = grouped ? wanted.find((id) => !clustered.has(id)) : undefined;
    const holder = clusters.find((c) => c.pinIds.includes(wanted[0] ?? ""));
    const target =
      alone !== undefined
        ? markersRef.current.get(alone)?.getElement().querySelector("button")
        : holder && bubbleHosts.get(holder.id)?.querySelector("button");
    if (target) {
      focusAfterZoom.current = null;
      target.focus();
    }
  }, [bubbleHosts, clusters, clustered, grouped]);
  useEffect(
    () => () => {
      for (const { marker } of clusterHosts.current.values()) marker.remove();
      clusterHosts.current.clear();
    },
    [map],
  );

  async function zoomInto(cluster: PinCluster, byKeyboard: boolean) {
    const source = map?.getSource<GeoJSONSource>(SOURCE_ID);
    if (!map || !source) return;
    const zoom = await source.getClusterExpansionZoom(cluster.id);
    if (byKeyboard) focusAfterZoom.current = cluster.pinIds;
    map.easeTo({ center: [cluster.lng, cluster.lat], zoom: Math.min(zoom, CLUSTER_MAX_ZOOM + 1) });
  }

  const openPin = pins.find((pin) => pin.id === openId);
  useEffect(() => {
    if (!map || !openPin) return;
    // Not closed by a map click: the click that opened it reaches the map too.
    const popup = new Popup({ offset: 36, closeButton: true, closeOnClick: false, maxWidth: "16rem", focusAfterOpen: false })
      .setLngLat([openPin.lng, openPin.lat])
      .setDOMContent(popupHost)
      .addTo(map);
    const pinButton = () => markerHosts.get(openPin.id)?.querySelector("button");
    popup.on("close", () => {
      setOpenId((current) => (current === openPin.id ? null : current));
      const active = document.activeElement;
      if (active === null || active === document.body || popupHost.contains(active)) pinButton()?.focus();
    });
    if (focusCard.current) {
      focusCard.current = false;
      popupHost.querySelector("a")?.focus();
    }
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      pinButton()?.focus();
      popup.remove();
    }
    popupHost.addEventListener("keydown", closeOnEscape);
    return () => {
      popupHost.removeEventListener("keydown", closeOnEscape);
      popup.remove();
    };
  }, [map, openPin, popupHost, markerHosts]);

  useEffect(() => {
    // The highlighted pin is drawn above its neighbours.
    for (const [id, marker] of markersRef.current) marker.getElement().style.zIndex = id === highlightedId ? "2" : "";
  }, [map, markerHosts, highlightedId]);
  const pinName = (id: string) => pins.find((p) => p.id === id)?.name ?? "";

  return (
    <div className="relative size-full">
      <div ref={containerRef} role="region" aria-label={label} className="size-full" />
      {[...(map ? markerHosts : [])].map(([id, host]) => {
        const pin = pins.find((p) => p.id === id);
        return pin
          ? createPortal(
              <PinButton
                pin={pin}
                highlighted={highlightedId === id}
                open={openId === id}
                onHighlight={onHighlight}
                onOpen={(byKeyboard) => {
                  focusCard.current = byKeyboard;
                  setOpenId(id);
                }}
              />,
              host,
              id,
            )
          : null;
      })}
      {clusters.map((cluster) => {
        const host = bubbleHosts.get(cluster.id);
        return host
          ? createPortal(
              <ClusterButton
                count={cluster.pinIds.length}
                names={cluster.pinIds.map(pinName)}
                highlighted={highlightedId !== null && cluster.pinIds.includes(highlightedId)}
                onZoom={(byKeyboard) => void zoomInto(cluster, byKeyboard)}
              />,
              host,
              `cluster-${cluster.id}`,
            )
          : null;
      })}
      {openPin ? createPortal(<PinCard pin={openPin} />, popupHost) : null}
    </div>
  );
}

function PinButton({
  pin,
  highlighted,
  open,
  onHighlight,
  onOpen,
}: {
  pin: MapPin;
  highlighted: boolean;
  open: boolean;
  onHighlight: ((id: string | null) => void) | undefined;
  onOpen: (byKeyboard: boolean) => void;
}) {
  const name = pin.label === pin.name ? pin.name : `${pin.name}, ${pin.label}`;
  const look = cn(
    "relative mb-1.5 block rounded-full px-2.5 py-1 text-sm font-bold whitespace-nowrap shadow-md ring-1 transition-transform",
    "after:absolute after:top-full after:left-1/2 after:-ml-1.5 after:border-x-[6px] after:border-t-[6px] after:border-x-transparent after:content-['']",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
    highlighted
      ? "scale-110 bg-brand-700 text-white ring-brand-800 after:border-t-brand-700"
      : "bg-white text-slate-900 ring-slate-300 after:border-t-white",
  );
  // A pin that does nothing (the hotel page's own) is a picture, not a control.
  if (!pin.href && !onHighlight) {
    return (
      <span role="img" aria-label={name} className={look}>
        {pin.label}
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-label={name}
      aria-expanded={pin.href ? open : undefined}
      data-highlighted={highlighted ? "true" : undefined}
      onMouseEnter={() => onHighlight?.(pin.id)}
      onMouseLeave={() => onHighlight?.(null)}
      onFocus={() => onHighlight?.(pin.id)}
      onBlur={() => onHighlight?.(null)}
      // A click from Enter or Space has no pointer position count (detail 0).
      onClick={pin.href ? (event) => onOpen(event.detail === 0) : undefined}
      className={look}
    >
      {pin.label}
    </button>
  );
}

/** Names a bubble reads out before "and N more". */
const NAMED_IN_BUBBLE = 3;

/** A count bubble for pins that would overlap: a click or Enter zooms in until they stand apart. */
function ClusterButton({
  count,
  names,
  highlighted,
  onZoom,
}: {
  count: number;
  names: string[];
  highlighted: boolean;
  onZoom: (byKeyboard: boolean) => void;
}) {
  const { t } = useTranslation();
  const named = names.slice(0, NAMED_IN_BUBBLE).join(", ");
  const more = count - Math.min(count, NAMED_IN_BUBBLE);
  const hotels = more > 0 ? t("{{names}} and {{count}} more", { names: named, count: more }) : named;
  return (
    <button
      type="button"
      aria-label={t("{{count}} hotels here ({{hotels}}): zoom in", { count, hotels })}
      data-highlighted={highlighted ? "true" : undefined}
      // A click from Enter or Space has no pointer position count (detail 0).
      onClick={(event) => onZoom(event.detail === 0)}
      className={cn(
        "flex size-11 items-center justify-center rounded-full text-sm font-bold shadow-md ring-4 transition-transform",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
        highlighted ? "scale-110 bg-brand-800 text-white ring-brand-300" : "bg-brand-700 text-white ring-white/80",
      )}
    >
      {count}
    </button>
  );
}

/** The small card a clicked pin opens: the hotel's name, price and a link to its page. */
function PinCard({ pin }: { pin: MapPin }): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="space-y-1 p-1 text-sm">
      <p className="font-semibold text-slate-900">{pin.name}</p>
      {pin.detail ? <p className="text-slate-600">{pin.detail}</p> : null}
      {pin.href ? (
        <Link to={pin.href} className="inline-block font-semibold text-brand-700 underline underline-offset-2">
          {t("View hotel")}
        </Link>
      ) : null}
    </div>
  );
}
