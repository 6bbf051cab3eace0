import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { hotelApiQuery, readStay, searchApiQuery } from "../../shared/search-address.ts";
import { clientRoutes, pagePreloadLink } from "./static.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "staywise-static-"));
const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
mkdirSync(path.join(dir, "assets"));
writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Staywise</title>");
writeFileSync(path.join(dir, "assets/app-abc.js"), script);
writeFileSync(path.join(dir, "assets/app-abc.js.br"), brotliCompressSync(script));
writeFileSync(path.join(dir, "assets/app-abc.js.gz"), gzipSync(script));
writeFileSync(path.join(dir, "assets/font-abc.woff2"), "not really a font");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const app = clientRoutes(dir);
const get = (url: string, acceptEncoding?: string) =>
  app.request(url, { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });

describe("client files", () => {
  it("sends the build's brotli or gzip copy to browsers that accept it, cached for good", async () => {
    const br = await get("/assets/app-abc.js", "gzip, deflate, br, zstd");
    expect(br.status).toBe(200);
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Content-Type")).toMatch(/javascript/);
    expect(br.headers.get("Vary")).toBe("Accept-Encoding");
    expect(br.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");

    const gz = await get("/assets/app-abc.js", "gzip");
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
  });

  it("sends the plain file to clients that accept no compression", async () => {
    const plain = await get("/assets/app-abc.js");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(plain.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(script);
    const font = await get("/assets/font-abc.woff2", "br");
    expect(font.headers.get("Content-Encoding")).toBeNull();
  });

  it("answers other paths with index.html for the client router", async () => {
    const home = await get("/", "br");
    expect(home.headers.get("Cache-Control")).toBe("no-cache");
    expect(await home.text()).toContain("<title>Staywise</title>");
    const res = await get("/hotel/12?checkIn=2026-12-01", "br");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
    expect(await res.text()).toContain("<title>Staywise</title>");
  });

  it("answers a missing file under /assets with a 404, not index.html", async () => {
    for (const url of ["/assets/nope.js", "/assets/app-old.css", "/assets/chunks/gone.js"]) {
      const res = await get(url, "br");
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain("<title>Staywise</title>");
    }
  });
});

describe("malformed addresses", () => {
  it("answers a malformed %-escape with the page or a 404, never a 500", async () => {
    for (const url of ["/%E0%A4%A", "/assets/%E0%A4%A.js", "/hotels/%", "/assets/%00.js"]) {
      const res = await get(url);
      expect(res.status, url).toBeLessThan(500);
    }
  });
});

describe("index.html for the client router's paths", () => {
  const built = mkdtempSync(path.join(os.tmpdir(), "staywise-static-copies-"));
  const page = `<!doctype html><title>Staywise</title><style>${"p{color:red}".repeat(500)}</style>`;
  writeFileSync(path.join(built, "index.html"), page);
  writeFileSync(path.join(built, "index.html.br"), brotliCompressSync(page));
  writeFileSync(path.join(built, "index.html.gz"), gzipSync(page));
  afterAll(() => rmSync(built, { recursive: true, force: true }));
  const routes = clientRoutes(built);
  const request = (url: string, acceptEncoding?: string) =>
    routes.request(url, { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });

  it("sends the build's compressed copy of index.html on a hotel page, the plain page to others", async () => {
    const br = await request("/hotel/12?checkIn=2026-12-01", "gzip, deflate, br");
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(br.headers.get("Vary")).toBe("Accept-Encoding");
    expect(br.headers.get("Cache-Control")).toBe("no-cache");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(page);
    const gz = await request("/hotel/12", "gzip");
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(page);
    const plain = await request("/hotel/12");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(page);
  });
});

describe("the pages' API preloads", () => {
  const address = "?destination=New York&checkIn=2026-12-10&checkOut=2026-12-12&adults=3&rooms=1&stars=4,5&sort=price&view=map";

  it("links the search the page will ask for, as the client writes it", async () => {
    const res = await get(`/${address}`, "br");
    expect(res.status).toBe(200);
    const expected = searchApiQuery(new URLSearchParams(address));
    expect(expected).toBe("destination=New+York&checkIn=2026-12-10&checkOut=2026-12-12&guests=3&stars=4%2C5&sort=price");
    expect(res.headers.get("Link")).toBe(`</api/hotels/search?${expected}>; rel=preload; as=fetch; crossorigin=anonymous`);
  });

  it("links nothing where the client would search from its own today, or on other pages", async () => {
    expect(pagePreloadLink("/", "")).toBeNull();
    expect(pagePreloadLink("/", "?checkIn=2026-12-10&checkOut=2026-12-12")).toBeNull();
    expect(pagePreloadLink("/", "?destination=Paris&checkIn=2026-12-10")).toBeNull();
    expect(pagePreloadLink("/", "?destination=Paris&checkIn=tomorrow&checkOut=2026-12-12")).toBeNull();
    expect(pagePreloadLink("/hotel/12", "?checkIn=2026-12-10")).toBeNull();
    expect(pagePreloadLink("/saved", "?destination=Paris&checkIn=2026-12-10&checkOut=2026-12-12")).toBeNull();
    expect(pagePreloadLink("/hotel/12/photos", "?checkIn=2026-12-10&checkOut=2026-12-12")).toBeNull();
    expect(pagePreloadLink("/hotel/%E0%A4%A", "?checkIn=2026-12-10&checkOut=2026-12-12")).toBeNull();
    expect((await get("/?destination=Paris", "br")).headers.get("Link")).toBeNull();
    expect((await get("/assets/app-abc.js?destination=Paris&checkIn=2026-12-10&checkOut=2026-12-12", "br")).headers.get("Link")).toBeNull();
  });

  it("links a hotel page's hotel, priced for the address's stay as the page asks", async () => {
    const address = "?checkIn=2026-12-10&checkOut=2026-12-12&adults=2&children=1&ages=7&rooms=1";
    const res = await get(`/hotel/sup%3AAB%2012${address}`, "br");
    expect(res.status).toBe(200);
    const expected = hotelApiQuery(readStay(new URLSearchParams(address)));
    expect(expected).toBe("checkIn=2026-12-10&checkOut=2026-12-12&guests=2&children=1&ages=7&rooms=1");
    expect(res.headers.get("Link")).toBe(`</api/hotels/sup%3AAB%2012?${expected}>; rel=preload; as=fetch; crossorigin=anonymous`);
  });
});
