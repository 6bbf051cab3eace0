import { describe, it, expect } from "vitest";
import { IMAGE_KINDS, imageUrl, renderImageSvg } from "./hotel-images.ts";
import { Hono } from "hono";
import { toErrorResponse } from "../../http/errors.ts";
import { imagesRouter as router } from "../../routes/images.ts";

// The router as app.ts serves it: its DomainErrors answered by the app's one error handler.
const imagesRouter = new Hono().route("/", router).onError((error, c) =>
  toErrorResponse(c, error, (unexpected) => {
    throw unexpected;
  }),
);

const SEEDS = Array.from({ length: 40 }, (_, i) => i * 7919);
const MAX_BYTES = 12 * 1024;

describe("renderImageSvg", () => {
  it("is deterministic for a kind and seed", () => {
    for (const kind of IMAGE_KINDS) {
      expect(renderImageSvg(kind, 42)).toBe(renderImageSvg(kind, 42));
    }
  });

  it("varies with the seed", () => {
    for (const kind of IMAGE_KINDS) {
      const distinct = new Set(SEEDS.map((seed) => renderImageSvg(kind, seed)));
      expect(distinct.size).toBe(SEEDS.length);
    }
  });

  it("keeps seeds beyond 32 bits distinct", () => {
    expect(renderImageSvg("room", 2 ** 32 + 5)).not.toBe(renderImageSvg("room", 5));
    expect(renderImageSvg("room", 9_999_999_999)).toMatch(/^<svg /);
  });

  it("renders a self-contained, script-free SVG document of every kind", () => {
    for (const kind of IMAGE_KINDS) {
      for (const seed of SEEDS) {
        const svg = renderImageSvg(kind, seed);
        expect(svg.startsWith("<svg ")).toBe(true);
        expect(svg.endsWith("</svg>")).toBe(true);
        expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
        expect(svg).toContain('width="800" height="600" viewBox="0 0 800 600" preserveAspectRatio="xMidYMid slice"');
        expect(svg).not.toMatch(/<script|<image|<text|<foreignObject|\bon\w+=|javascript:/i);
        expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/https?:/);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
  });

  it("keeps every document under the size budget", () => {
    for (const kind of IMAGE_KINDS) {
      for (let seed = 0; seed < 300; seed++) {
        expect(Buffer.byteLength(renderImageSvg(kind, seed))).toBeLessThan(MAX_BYTES);
      }
    }
  });

  it("prefixes gradient and clip ids with kind and seed so inline SVGs cannot clash", () => {
    const svg = renderImageSvg("room", 17);
    const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^room17-/);
    for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(ref);
  });

  it("rejects seeds that are not non-negative integers", () => {
    expect(() => renderImageSvg("pool", -1)).toThrow(RangeError);
    expect(() => renderImageSvg("pool", 1.5)).toThrow(RangeError);
  });
});

describe("imageUrl", () => {
  it("builds the URL the images router serves", () => {
    expect(imageUrl("exterior", 42)).toBe("/images/exterior-42.svg");
  });
});

describe("imagesRouter", () => {
  it("serves an SVG with long-lived caching and a locked-down policy", async () => {
    const res = await imagesRouter.request("/exterior-7.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toBe(renderImageSvg("exterior", 7));
  });

  it("serves repeated requests identically", async () => {
    const first = await (await imagesRouter.request("/bathroom-3.svg")).text();
    const second = await (await imagesRouter.request("/bathroom-3.svg")).text();
    expect(second).toBe(first);
  });

  it.each([
    "/../x.svg",
    "/exterior-abc.svg",
    "/sunset-1.svg",
    "/exterior-1.png",
    "/exterior-12345678901.svg",
    "/exterior--1.svg",
    "/exterior-1.svg/x",
    "/",
  ])("answers %s with a JSON 404", async (url) => {
    const res = await imagesRouter.request(url);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "NOT_FOUND", message: "Image not found" });
  });
});
