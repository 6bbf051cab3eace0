import { Component, type ReactNode, Suspense, lazy, useEffect, useRef, useState } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { useQuery } from "@tanstack/react-query";
import { MapPinOff } from "lucide-react";
import { mapConfigQueryOptions } from "../api/map.ts";
import { cn } from "../lib/cn.ts";
import { Skeleton } from "./ui/skeleton.tsx";

// MapLibre (about 250 KB gzipped, and its worker) loads only when a map is shown: the first page stays light.
const MapCanvas = lazy(() => import("./map-canvas.tsx").then((m) => ({ default: m.MapCanvas })));

/** One hotel on the map: its button shows `label` (the price); `href` makes a click open a card linking there. */
export interface MapPin {
  id: string;
  lat: number;
  lng: number;
  name: string;
  label: string;
  detail?: string;
  href?: string;
}

export interface HotelMapProps {
  pins: MapPin[];
  /** The map's accessible name, e.g. "Map of hotels in Paris". */
  label: string;
  highlightedId?: string | null;
  onHighlight?: (id: string | null) => void;
  /** Load the map only once it is about to scroll into view (the hotel page's location). */
  whenVisible?: boolean;
  className?: string;
}

/** A lazily loaded chunk that fails (offline, a new deployment) counts as a map that cannot be shown. */
class MapChunkBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function useNearViewport(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(!enabled);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => (entries.some((e) => e.isIntersecting) ? setNear(true) : undefined), {
      rootMargin: "300px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

export function MapUnavailable() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex size-full flex-col items-center justify-center gap-2 bg-slate-100 p-6 text-center">
      <MapPinOff aria-hidden="true" className="size-7 text-slate-500" />
      <p className="font-semibold text-slate-900">{t("Map unavailable")}</p>
      <p className="max-w-xs text-sm text-slate-600">
        {t("The map could not be loaded right now. Everything else on this page still works.")}
      </p>
    </div>
  );
}

function MapLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="size-full">
      <span className="sr-only">{t("Loading map...")}</span>
      <Skeleton className="size-full rounded-none" />
    </div>
  );
}

/**
 * A map of hotels with one pin each. The map's settings and MapLibre itself load on demand; when
 * the map cannot be drawn (style or tiles unreachable, no WebGL) it says so in its place.
 */
export function HotelMap({ pins, label, highlightedId = null, onHighlight, whenVisible = false, className }: HotelMapProps) {
  const { ref, near } = useNearViewport(whenVisible);
  const config = useQuery({ ...mapConfigQueryOptions(), enabled: near });
  const [unavailable, setUnavailable] = useState(false);
  const styleUrl = config.data?.styleUrl;

  return (
    <div ref={ref} className={cn("relative overflow-hidden rounded-2xl border border-slate-200/80 bg-slate-100", className)}>
      {unavailable || config.isError ? (
        <MapUnavailable />
      ) : styleUrl ? (
        <MapChunkBoundary onError={() => setUnavailable(true)}>
          <Suspense fallback={<MapLoading />}>
            <MapCanvas
              styleUrl={styleUrl}
              pins={pins}
              label={label}
              highlightedId={highlightedId}
              onHighlight={onHighlight}
              onUnavailable={() => setUnavailable(true)}
            />
          </Suspense>
        </MapChunkBoundary>
      ) : (
        <MapLoading />
      )}
    </div>
  );
}
