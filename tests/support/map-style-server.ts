import { type Server, createServer } from "node:http";

/**
 * A tiny MapLibre style served on 127.0.0.1, so no map request of a test leaves the machine: a
 * background layer and a GeoJSON source (a few shapes drawn as "land"), no remote tiles, glyphs or
 * sprites.
 */
export const LOCAL_MAP_STYLE = {
  version: 8,
  name: "Staywise test style",
  sources: {
    land: {
      type: "geojson",
      data: {
        type: "FeatureCollection",
        features: [
          {
            type: "Feature",
            properties: {},
            geometry: {
              type: "Polygon",
              coordinates: [
                [
                  [-170, -60],
                  [170, -60],
                  [170, 75],
                  [-170, 75],
                  [-170, -60],
                ],
              ],
            },
          },
        ],
      },
    },
  },
  layers: [
    { id: "water", type: "background", paint: { "background-color": "#cfe3ef" } },
    { id: "land", type: "fill", source: "land", paint: { "fill-color": "#eef2e6" } },
  ],
};

export interface MapStyleServer {
  /** The style's URL, for MAP_STYLE_URL. */
  styleUrl: string;
  close(): Promise<void>;
}

export async function startMapStyleServer(): Promise<MapStyleServer> {
  const body = JSON.stringify(LOCAL_MAP_STYLE);
  const server: Server = createServer((req, res) => {
    // The app's pages are on another port: the style is fetched cross-origin.
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (req.method === "GET" && req.url?.split("?")[0] === "/style.json") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(body);
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    styleUrl: `http://127.0.0.1:${port}/style.json`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
