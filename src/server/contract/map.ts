import { z } from "zod";

/** What the browser needs to draw a map: the MapLibre style to load (MAP_STYLE_URL, or the default public style). */
export const MapConfigSchema = z.object({ styleUrl: z.string() });
