/**
 * Procedural travel-poster illustrations for the demo catalogue: every (kind, seed) pair maps to one
 * stable SVG, so seeded hotels get varied, attractive pictures without shipping or downloading assets.
 */

export const IMAGE_KINDS = ["exterior", "pool", "lobby", "restaurant", "room", "bathroom"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

const WIDTH = 800;
const HEIGHT = 600;

type Rng = () => number;
type Stop = readonly [offset: number, color: string, opacity?: number];
type ViewKind = "sea" | "city" | "mountains";

interface Mood {
  name: "day" | "golden" | "dusk" | "night";
  sky: readonly [string, string, string];
  /** Colour the outdoor scene is pulled towards, and how far: one cheap way to relight flat colours. */
  tint: string;
  amount: number;
  indoorTint: string;
  indoorAmount: number;
  /** 0..1 — how strongly artificial lights (windows, lamps) glow. */
  lights: number;
}

interface Palette {
  wall: string;
  accent: string;
  accent2: string;
  wood: string;
  soft: string;
  metal: string;
}

interface Scene {
  rng: Rng;
  mood: Mood;
  pal: Palette;
  prefix: string;
  defs: string[];
  out: string[];
  ids: number;
  tint: string;
  amount: number;
}

interface Point {
  x: number;
  y: number;
}

const MOODS: readonly Mood[] = [
  {
    name: "day",
    sky: ["#3f8fd8", "#8cc6ee", "#e4f3f8"],
    tint: "#ffffff",
    amount: 0,
    indoorTint: "#ffffff",
    indoorAmount: 0,
    lights: 0,
  },
  {
    name: "golden",
    sky: ["#6a7fc4", "#f2a878", "#ffdc9c"],
    tint: "#ff9848",
    amount: 0.16,
    indoorTint: "#ff9a50",
    indoorAmount: 0.1,
    lights: 0.4,
  },
  {
    name: "dusk",
    sky: ["#262b62", "#9b5282", "#f59e70"],
    tint: "#40326e",
    amount: 0.36,
    indoorTint: "#6a4050",
    indoorAmount: 0.14,
    lights: 0.75,
  },
  {
    name: "night",
    sky: ["#070b24", "#142150", "#2e3f76"],
    tint: "#0c1232",
    amount: 0.56,
    indoorTint: "#4a2e2a",
    indoorAmount: 0.24,
    lights: 1,
  },
];

const PALETTES: readonly Palette[] = [
  { wall: "#efe6d8", accent: "#c8553d", accent2: "#2a7f86", wood: "#a86b3c", soft: "#f2c6a0", metal: "#c9a45c" },
  { wall: "#e6edf0", accent: "#1f4e79", accent2: "#d9a441", wood: "#8a5a3b", soft: "#bcd3e0", metal: "#d4af37" },
  { wall: "#f3e9e2", accent: "#6f9a78", accent2: "#d98f8f", wood: "#b07a4f", soft: "#e8d5c4", metal: "#b89a6a" },
  { wall: "#f1ead9", accent: "#e0a526", accent2: "#34495e", wood: "#6f4e37", soft: "#f6dfa0", metal: "#c0a062" },
  { wall: "#fbeee6", accent: "#ef7b6c", accent2: "#2fa4a9", wood: "#c58b5a", soft: "#ffd2c2", metal: "#d8b36a" },
  { wall: "#ede4e0", accent: "#7b2d43", accent2: "#c9a86a", wood: "#5c3a2e", soft: "#e6c9cf", metal: "#caa55a" },
];

const CLOUDS: Record<Mood["name"], readonly [color: string, alpha: number]> = {
  day: ["#ffffff", 0.92],
  golden: ["#ffe6cc", 0.85],
  dusk: ["#f7a9a2", 0.55],
  night: ["#3a4a7c", 0.55],
};

const LAMP = "#ffd98a";
const WHITE = "#ffffff";

const SCENES: Record<ImageKind, (s: Scene) => void> = {
  exterior: exteriorScene,
  pool: poolScene,
  lobby: lobbyScene,
  restaurant: restaurantScene,
  room: roomScene,
  bathroom: bathroomScene,
};

export function imageUrl(kind: ImageKind, seed: number): string {
  return `/images/${kind}-${seed}.svg`;
}

export function renderImageSvg(kind: ImageKind, seed: number): string {
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`Image seed must be a non-negative integer, got ${seed}`);
  // Seeds can exceed 32 bits (the route allows 10 digits); fold the high part in so they stay distinct.
  const rng = mulberry32((seed % 0x100000000) ^ Math.imul(Math.floor(seed / 0x100000000), 0x9e3779b1) ^ hashString(kind));
  const mood = pickWeighted(rng, MOODS, [0.36, 0.26, 0.2, 0.18]);
  const s: Scene = {
    rng,
    mood,
    pal: pick(rng, PALETTES),
    prefix: `${kind}${seed}-`,
    defs: [],
    out: [],
    ids: 0,
    tint: mood.tint,
    amount: mood.amount,
  };
  SCENES[kind](s);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${s.defs.join("")}</defs>${s.out.join("")}</svg>`
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Randomness and colour

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function between(s: Scene, min: number, max: number): number {
  return min + s.rng() * (max - min);
}

function chance(s: Scene, p: number): boolean {
  return s.rng() < p;
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

function pickWeighted<T>(rng: Rng, items: readonly T[], weights: readonly number[]): T {
  let roll = rng();
  for (let i = 0; i < items.length; i++) {
    roll -= weights[i] ?? 0;
    if (roll < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: string, b: string, t: number): string {
  const ca = rgb(a);
  const cb = rgb(b);
  const channel = (i: number) => Math.round(ca[i]! + (cb[i]! - ca[i]!) * t);
  return `#${((1 << 24) | (channel(0) << 16) | (channel(1) << 8) | channel(2)).toString(16).slice(1)}`;
}

/** Relights a base colour for the current time of day (outdoor or indoor, whichever is active). */
function tone(s: Scene, hex: string): string {
  return s.amount > 0 ? mix(hex, s.tint, s.amount) : hex;
}

function isDark(s: Scene): boolean {
  return s.mood.name === "dusk" || s.mood.name === "night";
}

// ---------------------------------------------------------------------------------------------------------------
// Markup helpers — numbers are rounded to keep documents small

/** Whole pixels are invisible at 800 px; small values (opacities, offsets, widths) keep one decimal. */
function fmt(n: number): string {
  return String(Math.abs(n) >= 10 ? Math.round(n) : Math.round(n * 10) / 10);
}

/** Template tag that rounds every interpolated number. */
function m(strings: TemplateStringsArray, ...values: (number | string)[]): string {
  let out = strings[0] ?? "";
  values.forEach((v, i) => {
    out += (typeof v === "number" ? fmt(v) : v) + (strings[i + 1] ?? "");
  });
  return out;
}

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return m`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${extra}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ""): string {
  return m`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ""): string {
  return m`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${extra}/>`;
}

function path(d: string, fill: string, extra = ""): string {
  return `<path d="${d}" fill="${fill}"${extra}/>`;
}

function stroke(d: string, color: string, width: number, extra = ""): string {
  return m`<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}"${extra}/>`;
}

function poly(points: readonly number[], fill: string, extra = ""): string {
  return `<polygon points="${points.map(fmt).join(" ")}" fill="${fill}"${extra}/>`;
}

function opacity(o: number): string {
  return m` opacity="${o}"`;
}

function nextId(s: Scene): string {
  return `${s.prefix}${(s.ids++).toString(36)}`;
}

function stops(list: readonly Stop[]): string {
  return list.map(([o, c, a]) => m`<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : m` stop-opacity="${a}"`}/>`).join("");
}

/** Vertical by default; direction in objectBoundingBox units. */
function lin(s: Scene, list: readonly Stop[], x2 = 0, y2 = 1): string {
  const id = nextId(s);
  s.defs.push(m`<linearGradient id="${id}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`);
  return `url(#${id})`;
}

function rad(s: Scene, list: readonly Stop[]): string {
  const id = nextId(s);
  s.defs.push(`<radialGradient id="${id}">${stops(list)}</radialGradient>`);
  return `url(#${id})`;
}

function clip(s: Scene, d: string): string {
  const id = nextId(s);
  s.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
  return ` clip-path="url(#${id})"`;
}

function glow(s: Scene, cx: number, cy: number, r: number, color: string, strength: number): void {
  if (strength <= 0.02) return;
  s.out.push(
    circle(
      cx,
      cy,
      r,
      rad(s, [
        [0, color, Math.min(1, strength)],
        [1, color, 0],
      ]),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Shared outdoor elements

/** Draws sun or moon, stars and clouds in a box; returns the sun/moon position for reflections. */
function celestial(s: Scene, x: number, y: number, w: number, h: number, scale: number): Point {
  const mood = s.mood.name;
  const sun: Point = { x: x + w * between(s, 0.18, 0.82), y: 0 };
  if (mood === "night" || mood === "dusk") {
    const count = Math.round(((mood === "night" ? 46 : 14) * (w * h)) / (WIDTH * 420));
    let d = "";
    for (let i = 0; i < count; i++) d += m`M${x + s.rng() * w} ${y + s.rng() * h * 0.7}h.1`;
    s.out.push(stroke(d, "#fffbe8", 2.4 * Math.max(scale, 0.7), ` stroke-linecap="round"${opacity(mood === "night" ? 0.85 : 0.5)}`));
  }
  if (mood === "night") {
    sun.y = y + h * between(s, 0.14, 0.3);
    glow(s, sun.x, sun.y, 90 * scale, "#a9bcff", 0.35);
    s.out.push(circle(sun.x, sun.y, 20 * scale, "#f7f2da"));
    s.out.push(circle(sun.x + 7 * scale, sun.y - 4 * scale, 17 * scale, s.mood.sky[0], opacity(0.55)));
  } else if (mood === "day") {
    sun.y = y + h * between(s, 0.12, 0.3);
    glow(s, sun.x, sun.y, 120 * scale, "#fff8d8", 0.7);
    s.out.push(circle(sun.x, sun.y, 26 * scale, "#fffbea"));
  } else {
    sun.y = y + h * (mood === "golden" ? between(s, 0.66, 0.8) : 0.97);
    glow(s, sun.x, sun.y, 240 * scale, mood === "golden" ? "#ffc46a" : "#ff8f70", 0.75);
    s.out.push(circle(sun.x, sun.y, 38 * scale, mood === "golden" ? "#fff0bc" : "#ffc59a"));
  }
  const [cloudColor, cloudAlpha] = CLOUDS[mood];
  const clouds = Math.round(between(s, 1.5, 3.6) * Math.min(1, w / 500));
  for (let i = 0; i < clouds; i++) {
    cloudShape(s, x + w * between(s, 0.05, 0.95), y + h * between(s, 0.12, 0.5), scale * between(s, 0.6, 1.2), cloudColor, cloudAlpha);
  }
  return sun;
}

function cloudShape(s: Scene, cx: number, cy: number, k: number, color: string, alpha: number): void {
  s.out.push(
    m`<g fill="${color}"${opacity(alpha)}>` +
      ellipse(cx, cy, 70 * k, 14 * k, color) +
      circle(cx - 30 * k, cy - 8 * k, 20 * k, color) +
      circle(cx + 2 * k, cy - 16 * k, 28 * k, color) +
      circle(cx + 34 * k, cy - 6 * k, 18 * k, color) +
      "</g>",
  );
}

function sky(s: Scene, horizon: number): Point {
  const [top, mid, low] = s.mood.sky;
  s.out.push(
    rect(
      0,
      0,
      WIDTH,
      horizon + 40,
      lin(s, [
        [0, top],
        [0.62, mid],
        [1, low],
      ]),
    ),
  );
  return celestial(s, 0, 0, WIDTH, horizon, 1);
}

function sea(s: Scene, x: number, top: number, w: number, h: number, sun: Point): void {
  const far = tone(s, mix(s.mood.sky[2], "#3d95c6", 0.5));
  const near = tone(s, "#1a6c9c");
  s.out.push(
    rect(
      x,
      top,
      w,
      h,
      lin(s, [
        [0, far],
        [1, near],
      ]),
    ),
  );
  sparkles(s, top, h, sun);
}

/** Short glints under the sun or moon, denser towards the horizon. */
function sparkles(s: Scene, top: number, h: number, sun: Point): void {
  const sparkle = s.mood.name === "night" ? "#f7f2da" : s.mood.name === "day" ? WHITE : "#ffd9a0";
  let d = "";
  for (let i = 0; i < 14; i++) {
    const t = s.rng();
    const yy = top + 3 + t * t * h;
    const spread = 10 + t * 80;
    d += m`M${sun.x + between(s, -spread, spread)} ${yy}h${6 + t * 40}`;
  }
  s.out.push(stroke(d, sparkle, 2, ` stroke-linecap="round"${opacity(0.6)}`));
}

function palm(s: Scene, x: number, base: number, h: number, lean: number): void {
  const tx = x + lean;
  const ty = base - h;
  const trunk = tone(s, "#8a6a4a");
  s.out.push(
    path(
      m`M${x - 7} ${base}Q${x + lean * 0.2} ${base - h * 0.5} ${tx - 3} ${ty}h6Q${x + lean * 0.2 + 8} ${base - h * 0.5} ${x + 7} ${base}z`,
      trunk,
    ),
  );
  const leaf = tone(s, "#2f7d46");
  const leafDark = tone(s, "#1f5c36");
  const size = h * 0.42;
  let light = "";
  let dark = "";
  for (const deg of [200, 230, 262, 292, 322, 345, 168, 15]) {
    const a = (deg * Math.PI) / 180;
    const len = size * between(s, 0.8, 1.1);
    const ex = tx + Math.cos(a) * len;
    const ey = ty + Math.sin(a) * len * 0.55 + len * 0.42;
    const mx = tx + Math.cos(a) * len * 0.55;
    const my = ty + Math.sin(a) * len * 0.55 - len * 0.12;
    const nx = -(ey - ty) / len;
    const ny = (ex - tx) / len;
    const w = len * 0.16;
    const d = m`M${tx} ${ty}Q${mx + nx * w} ${my + ny * w} ${ex} ${ey}Q${mx - nx * w} ${my - ny * w} ${tx} ${ty}z`;
    if (deg > 250 && deg < 330) dark += d;
    else light += d;
  }
  s.out.push(path(dark, leafDark), path(light, leaf));
  s.out.push(circle(tx - 3, ty + 4, 4, tone(s, "#5a3d22")), circle(tx + 4, ty + 5, 4, tone(s, "#5a3d22")));
}

/** A row of simple conifers as one zigzag: distant forests need shape, not detail. */
function forest(s: Scene, x0: number, x1: number, base: number, minH: number, maxH: number): string {
  let d = m`M${x0} ${base}`;
  for (let x = x0; x < x1;) {
    const w = between(s, 10, 18);
    const h = between(s, minH, maxH);
    d += m`l${w / 2} ${-h}l${w / 2} ${h}`;
    x += w;
  }
  return `${d}V${fmt(base + 400)}H${fmt(x0)}z`;
}

/** Path data only, so several trees can share one element. */
function pine(x: number, base: number, h: number): string {
  const w = h * 0.42;
  const right = m`L${x + w * 0.55} ${base - h * 0.55}H${x + w * 0.3}L${x + w} ${base - h * 0.12}H${x + w * 0.1}V${base}`;
  const left = m`H${x - w * 0.1}V${base - h * 0.12}H${x - w}L${x - w * 0.3} ${base - h * 0.55}H${x - w * 0.55}z`;
  return m`M${x} ${base - h}` + right + left;
}

function roundTree(s: Scene, x: number, base: number, h: number): void {
  const r = h * 0.32;
  s.out.push(rect(x - 3, base - h * 0.45, 6, h * 0.45, tone(s, "#6b4a32")));
  s.out.push(circle(x, base - h + r, r, tone(s, "#3f8a4f")));
  s.out.push(circle(x - r * 0.55, base - h * 0.55, r * 0.75, tone(s, "#357a45")));
  s.out.push(circle(x + r * 0.6, base - h * 0.6, r * 0.7, tone(s, "#4e9a5a")));
}

function streetLamp(s: Scene, x: number, base: number, h: number): void {
  const post = tone(s, "#2b2f3a");
  s.out.push(rect(x - 2, base - h, 4, h, post), rect(x - 6, base - h - 14, 12, 14, post, ' rx="3"'));
  glow(s, x, base - h - 7, 46, LAMP, s.mood.lights * 0.9);
  s.out.push(rect(x - 4, base - h - 12, 8, 9, s.mood.lights > 0.5 ? "#fff1c4" : tone(s, "#d8d2c0")));
}

function lounger(s: Scene, x: number, y: number, k: number, towel: string, flip: boolean): void {
  const dir = flip ? -1 : 1;
  const frame = tone(s, "#f4f1ea");
  s.out.push(
    stroke(m`M${x + dir * 6 * k} ${y}v${9 * k}M${x + dir * 74 * k} ${y}v${9 * k}`, tone(s, "#8c857a"), 3 * k),
    path(m`M${x} ${y - 1 * k}h${dir * 82 * k}v${5 * k}h${-dir * 82 * k}z`, frame),
    path(
      m`M${x} ${y - 1 * k}v${-9 * k}h${dir * 64 * k}l${dir * 22 * k} ${-30 * k}l${dir * 9 * k} ${6 * k}l${-dir * 22 * k} ${33 * k}z`,
      tone(s, towel),
    ),
    stroke(m`M${x} ${y - 10 * k}h${dir * 64 * k}l${dir * 22 * k} ${-30 * k}`, WHITE, 1.5 * k, opacity(0.5)),
  );
}

function umbrella(s: Scene, x: number, base: number, k: number, color: string): void {
  const top = base - 120 * k;
  const w = 60 * k;
  s.out.push(stroke(m`M${x} ${base}V${top}`, tone(s, "#7a6a58"), 3 * k));
  s.out.push(path(m`M${x - w} ${top + 26 * k}Q${x} ${top - 22 * k} ${x + w} ${top + 26 * k}z`, tone(s, color)));
  s.out.push(path(m`M${x - w * 0.35} ${top + 26 * k}Q${x} ${top - 10 * k} ${x + w * 0.35} ${top + 26 * k}z`, tone(s, "#fdf8ef")));
}

function bushes(s: Scene, x0: number, x1: number, base: number, flower: string): void {
  let green = "";
  let petals = "";
  for (let x = x0; x < x1; x += between(s, 18, 30)) {
    const r = between(s, 12, 22);
    green += m`M${x - r} ${base}a${r} ${r} 0 0 1 ${2 * r} 0z`;
    for (let i = 0; i < 2; i++) petals += m`M${x + between(s, -r, r) * 0.8} ${base - between(s, 3, r)}h.1`;
  }
  s.out.push(path(green, tone(s, "#3c7f48")));
  s.out.push(stroke(petals, tone(s, flower), 6, ' stroke-linecap="round"'));
}

/** A glimpse outside, clipped to `shape` (default: the box): every interior changes with the time of day. */
function windowView(s: Scene, x: number, y: number, w: number, h: number, view: ViewKind, shape = m`M${x} ${y}h${w}v${h}h${-w}z`): void {
  const indoor = { tint: s.tint, amount: s.amount };
  s.tint = s.mood.tint;
  s.amount = s.mood.amount;
  s.out.push(`<g${clip(s, shape)}>`);
  const [top, mid, low] = s.mood.sky;
  s.out.push(
    rect(
      x,
      y,
      w,
      h,
      lin(s, [
        [0, top],
        [0.7, mid],
        [1, low],
      ]),
    ),
  );
  const horizon = y + h * (view === "sea" ? 0.62 : 0.72);
  const sun = celestial(s, x, y, w, horizon - y, 0.55);
  if (view === "sea") {
    sea(s, x, horizon, w, y + h - horizon, sun);
    const headland = tone(s, mix(low, "#3d6b5a", 0.6));
    s.out.push(path(m`M${x - 10} ${horizon}Q${x + w * 0.2} ${horizon - 26} ${x + w * 0.42} ${horizon}z`, headland));
  } else if (view === "city") {
    let far = "";
    let near = "";
    for (let bx = x - 6; bx < x + w; bx += between(s, 16, 34)) {
      const bh = between(s, 20, h * 0.5);
      far += m`M${bx} ${horizon + 4}V${horizon - bh}h${between(s, 14, 30)}V${horizon + 4}z`;
    }
    // Rows of lit windows share a few irregular dash patterns: reads as random, costs one short segment per row.
    const rows = ["", "", ""];
    for (let bx = x - 10; bx < x + w;) {
      const bw = between(s, 22, 44);
      const bh = between(s, 30, h * 0.42);
      near += m`M${bx} ${y + h}V${horizon - bh + 40}h${bw}V${y + h}z`;
      for (let wy = horizon - bh + 48; wy < y + h - 6; wy += 9) {
        if (s.rng() < s.mood.lights * 0.55) rows[Math.floor(s.rng() * 3)] += m`M${bx + 4} ${wy}h${bw - 8}`;
      }
      bx += bw + between(s, 2, 8);
    }
    s.out.push(path(far, tone(s, mix(low, "#6f7fa0", 0.5))), path(near, tone(s, mix(mid, "#3a4660", 0.7))));
    rows.forEach((d, i) => {
      if (d) s.out.push(stroke(d, LAMP, 4, ` stroke-dasharray="${["4 4 4 12", "4 12 4 4 4 20", "4 20 4 4"][i]}"${opacity(0.9)}`));
    });
  } else {
    mountainRange(s, x, x + w, horizon + 10, h * 0.45, mix(low, "#7c8fb0", 0.55), true);
    mountainRange(s, x, x + w, horizon + 30, h * 0.3, mix(mid, "#45617a", 0.7), false);
    s.out.push(path(forest(s, x - 10, x + w + 10, y + h - 10, 14, 34), tone(s, "#24503c")));
  }
  s.out.push("</g>");
  s.tint = indoor.tint;
  s.amount = indoor.amount;
}

function mountainRange(s: Scene, x0: number, x1: number, base: number, height: number, color: string, snow: boolean): void {
  const peaks: Point[] = [];
  const count = Math.max(2, Math.round((x1 - x0) / 180));
  for (let i = 0; i <= count; i++) {
    peaks.push({ x: x0 + ((x1 - x0) * (i + between(s, -0.25, 0.25))) / count, y: base - height * between(s, 0.6, 1) });
  }
  let d = m`M${x0 - 20} ${base + 200}L${x0 - 20} ${base - height * 0.3}`;
  let caps = "";
  for (let i = 0; i < peaks.length; i++) {
    const p = peaks[i]!;
    const next = peaks[i + 1];
    d += m`L${p.x} ${p.y}`;
    const capH = height * 0.22;
    caps += m`M${p.x} ${p.y}l${capH * 0.8} ${capH}l${-capH * 0.3} ${-capH * 0.25}l${-capH * 0.35} ${capH * 0.3}l${-capH * 0.35} ${-capH * 0.3}l${-capH * 0.4} ${capH * 0.25}z`;
    if (next) d += m`L${(p.x + next.x) / 2} ${base - height * between(s, 0.25, 0.45)}`;
  }
  d += m`L${x1 + 20} ${base - height * 0.3}L${x1 + 20} ${base + 200}z`;
  s.out.push(path(d, tone(s, color)));
  if (snow) s.out.push(path(caps, tone(s, "#f4f7fb"), opacity(0.92)));
}

// ---------------------------------------------------------------------------------------------------------------
// Exterior

function exteriorScene(s: Scene): void {
  pick(s.rng, [glassTower, resortBuilding, townhouse, beachBungalows, mountainLodge])(s);
}

function windowGlass(s: Scene): string {
  const [, mid, low] = s.mood.sky;
  return lin(s, [
    [0, tone(s, mix(mid, "#dff1ff", 0.35))],
    [1, tone(s, mix(low, "#2d5f8f", 0.65))],
  ]);
}

function glassTower(s: Scene): void {
  const ground = 480;
  const sun = sky(s, ground);
  let far = "";
  for (let x = -10; x < WIDTH;) {
    const w = between(s, 40, 90);
    far += m`M${x} ${ground}V${ground - between(s, 90, 260)}h${w}V${ground}z`;
    x += w + between(s, -6, 10);
  }
  s.out.push(path(far, tone(s, mix(s.mood.sky[2], "#6a7b9c", 0.5)), opacity(0.9)));

  const concrete = tone(s, mix(s.pal.wall, "#9aa3b2", 0.45));
  for (const [x, w] of [
    [-10, between(s, 150, 190)],
    [WIDTH - between(s, 150, 190), 200],
  ] as const) {
    const top = ground - between(s, 190, 300);
    s.out.push(rect(x, top, w, ground - top, concrete));
    let bands = "";
    let lit = "";
    for (let y = top + 14; y < ground - 20; y += 26) {
      bands += m`M${x + 10} ${y}h${w - 20}v12h${-w + 20}z`;
      for (let wx = x + 14; wx < x + w - 20; wx += 22) if (s.rng() < s.mood.lights * 0.55) lit += m`M${wx} ${y + 6}h14`;
    }
    s.out.push(path(bands, tone(s, "#3b4a63"), opacity(0.75)));
    if (lit) s.out.push(stroke(lit, LAMP, 8));
  }

  const tw = between(s, 190, 240);
  const tx = WIDTH / 2 - tw / 2 + between(s, -50, 50);
  const top = between(s, 40, 90);
  const side = 46;
  const crown = pick(s.rng, ["flat", "slant", "spire"]);
  const slant = crown === "slant" ? 46 : 0;
  const [skyTop, skyMid, skyLow] = s.mood.sky;
  const front = lin(s, [
    [0, tone(s, mix(skyMid, "#bfe4f7", 0.45))],
    [0.5, tone(s, mix(skyLow, "#3f7cb0", 0.75))],
    [1, tone(s, "#1d4670")],
  ]);
  const sideFill = lin(s, [
    [0, tone(s, mix(skyTop, "#1b3554", 0.5))],
    [1, tone(s, "#132c48")],
  ]);
  s.out.push(path(m`M${tx + tw} ${top}l${side} ${14}V${ground}h${-side}z`, sideFill));
  s.out.push(path(m`M${tx} ${top + slant}L${tx + tw} ${top}V${ground}H${tx}z`, front));
  if (crown === "spire") s.out.push(stroke(m`M${tx + tw * 0.5} ${top}v-46`, tone(s, "#9aa6b8"), 3));
  if (crown === "flat") s.out.push(rect(tx - 4, top - 8, tw + 8, 10, tone(s, "#dfe7ee")));

  const floorH = 22;
  const colW = 30;
  let grid = "";
  let lit = "";
  let sheen = "";
  for (let y = top + slant + floorH; y < ground - 64; y += floorH) {
    grid += m`M${tx} ${y}h${tw}`;
    for (let x = tx; x < tx + tw - 4; x += colW) {
      if (s.rng() < s.mood.lights * 0.55) lit += m`M${x + 3} ${y - floorH / 2}h${colW - 6}`;
      else if (chance(s, 0.12)) sheen += m`M${x + 1} ${y - floorH + 1}h${colW - 2}v${floorH - 2}h${2 - colW}z`;
    }
  }
  for (let x = tx + colW; x < tx + tw; x += colW) grid += m`M${x} ${top + slant * (1 - (x - tx) / tw)}V${ground - 64}`;
  if (sheen) s.out.push(path(sheen, WHITE, opacity(0.14)));
  if (lit) s.out.push(stroke(lit, LAMP, floorH - 7, opacity(0.92)));
  s.out.push(stroke(grid, "#e8f4ff", 1.4, opacity(0.4)));
  s.out.push(
    poly(
      [tx + tw * 0.1, ground - 64, tx + tw * 0.55, top + 20, tx + tw * 0.72, top + 20, tx + tw * 0.27, ground - 64],
      WHITE,
      opacity(0.08),
    ),
  );

  const stone = tone(s, mix(s.pal.wall, "#b8b2a6", 0.3));
  s.out.push(rect(tx - 50, ground - 66, tw + side + 100, 66, stone));
  s.out.push(rect(tx - 50, ground - 70, tw + side + 100, 6, tone(s, "#f4f1ea")));
  const door = tx + tw / 2;
  glow(s, door, ground - 24, 120, LAMP, s.mood.lights * 0.7);
  s.out.push(rect(door - 56, ground - 46, 112, 46, s.mood.lights > 0.5 ? "#ffe3a6" : tone(s, "#4a5f78")));
  s.out.push(stroke(m`M${door - 28} ${ground - 46}v46M${door} ${ground - 46}v46M${door + 28} ${ground - 46}v46`, tone(s, "#2e3644"), 2));
  s.out.push(path(m`M${door - 74} ${ground - 50}h148l-10 -12h-128z`, tone(s, s.pal.accent)));

  s.out.push(rect(0, ground, WIDTH, 24, tone(s, "#cfcac0")), rect(0, ground + 24, WIDTH, HEIGHT - ground - 24, tone(s, "#41454f")));
  s.out.push(stroke(m`M0 ${ground + 72}H${WIDTH}`, tone(s, "#f1e7c8"), 4, ' stroke-dasharray="36 28"'));
  for (const x of [70, 250, 560, 740]) roundTree(s, x + between(s, -20, 20), ground + 16, between(s, 90, 120));
  for (const x of [160, 660]) streetLamp(s, x, ground + 20, 110);
  if (chance(s, 0.7)) car(s, between(s, 80, 560), ground + 88, pick(s.rng, ["#f2c230", s.pal.accent, "#e9ecef"]));
  goldenHaze(s, sun);
}

/** A warm tint over the whole image at golden hour: cheap atmosphere. */
function goldenHaze(s: Scene, sun: Point): void {
  if (s.mood.name === "golden")
    s.out.push(
      circle(
        sun.x,
        sun.y,
        520,
        rad(s, [
          [0, "#ffcf80", 0.35],
          [1, "#ffcf80", 0],
        ]),
      ),
    );
}

function car(s: Scene, x: number, y: number, color: string): void {
  s.out.push(
    path(m`M${x} ${y}v-16q0-6 8-8l18-4l16-16h54l22 18q12 2 12 10v16z`, tone(s, color)),
    path(m`M${x + 46} ${y - 28}l12-12h22v12zM${x + 86} ${y - 28}v-12h16l14 12z`, tone(s, "#a9cfe6")),
    circle(x + 28, y, 11, "#1c1f26"),
    circle(x + 104, y, 11, "#1c1f26"),
  );
  if (s.mood.lights > 0.5) glow(s, x + 132, y - 12, 40, "#fff3c4", 0.9);
}

function resortBuilding(s: Scene): void {
  const horizon = 300;
  const sun = sky(s, horizon);
  sea(s, 0, horizon, WIDTH, 200, sun);
  s.out.push(path(m`M${between(s, 420, 620)} ${horizon}q120 -70 260 -40q60 12 140 40z`, tone(s, mix(s.mood.sky[2], "#4f7d6a", 0.55))));
  const base = 500;
  s.out.push(rect(0, 420, WIDTH, 200, tone(s, "#5f9650")));
  const floors = Math.round(between(s, 3, 4.4));
  const floorH = 54;
  const x0 = between(s, 90, 170);
  const w0 = WIDTH - 2 * x0 + between(s, -40, 40);
  const wall = tone(s, mix(s.pal.wall, WHITE, 0.55));
  const rail = tone(s, "#bfe8f0");
  const glass = windowGlass(s);
  const step = between(s, 24, 46);
  for (let i = 0; i < floors; i++) {
    const x = x0 + i * step;
    const w = w0 - 2 * i * step;
    const y = base - (i + 1) * floorH;
    s.out.push(rect(x, y, w, floorH, wall));
    s.out.push(rect(x + 8, y + 10, w - 16, floorH - 18, glass));
    let dividers = "";
    let lit = "";
    for (let dx = x + 8; dx < x + w - 30; dx += 64) {
      dividers += m`M${dx} ${y + 10}h7v${floorH - 18}h-7z`;
      if (s.rng() < s.mood.lights * 0.7) lit += m`M${dx + 10} ${y + 12}h${48}v${floorH - 22}h-48z`;
    }
    if (lit) s.out.push(path(lit, "#ffd58a", opacity(0.9)));
    s.out.push(path(dividers, wall));
    s.out.push(rect(x - 6, y + floorH - 10, w + 12, 6, tone(s, WHITE)));
    s.out.push(rect(x - 4, y + floorH - 26, w + 8, 16, rail, opacity(0.45)));
    s.out.push(rect(x - 6, y + floorH - 4, w + 12, 4, tone(s, "#000000"), opacity(0.12)));
  }
  const roofY = base - floors * floorH;
  const roofX = x0 + (floors - 1) * step;
  for (let i = 0; i < 3; i++) umbrella(s, roofX + 40 + i * 70, roofY, 0.35, s.pal.accent);
  bushes(s, 0, WIDTH, base + 4, pick(s.rng, ["#d6337a", "#f08a4b", "#f2f2f2"]));
  s.out.push(rect(0, base + 4, WIDTH, HEIGHT - base, tone(s, "#e9dcc3")));
  const pool = lin(s, [
    [0, tone(s, "#4fd1d9")],
    [1, tone(s, "#1e9fc0")],
  ]);
  s.out.push(path(m`M60 ${base + 38}H${WIDTH - 60}L${WIDTH + 40} ${HEIGHT}H-40z`, pool));
  ripples(s, 60, base + 44, WIDTH - 120, HEIGHT - base - 44);
  if (isDark(s))
    s.out.push(
      path(
        m`M60 ${base + 38}H${WIDTH - 60}L${WIDTH + 40} ${HEIGHT}H-40z`,
        rad(s, [
          [0, "#8ff5ff", 0.5],
          [1, "#8ff5ff", 0],
        ]),
      ),
    );
  lounger(s, 40, base + 26, 0.6, s.pal.accent2, false);
  lounger(s, WIDTH - 40, base + 26, 0.6, s.pal.accent2, true);
  const palms = Math.round(between(s, 3, 5.4));
  for (let i = 0; i < palms; i++) {
    const x = ((i + 0.5) / palms) * WIDTH + between(s, -40, 40);
    palm(s, x, base + between(s, 0, 20), between(s, 200, 300), between(s, -50, 50));
  }
  goldenHaze(s, sun);
}

function ripples(s: Scene, x: number, y: number, w: number, h: number): void {
  let d = "";
  for (let i = 0; i < 9; i++) {
    const rx = x + s.rng() * (w - 60);
    const ry = y + s.rng() * (h - 10);
    const len = between(s, 30, 90);
    d += m`M${rx} ${ry}q${len / 4} -5 ${len / 2} 0t${len / 2} 0`;
  }
  s.out.push(stroke(d, WHITE, 2, ` stroke-linecap="round"${opacity(0.55)}`));
}

function townhouse(s: Scene): void {
  const street = 500;
  const sun = sky(s, street);
  const pastel = ["#f3d9b1", "#e8b9a6", "#cfe0d2", "#f0e2c4", "#d6dbe8", "#f2c9b0"];
  for (const [x, w] of [
    [-20, 190],
    [630, 200],
  ] as const) {
    const top = between(s, 120, 200);
    s.out.push(rect(x, top, w, street - top, tone(s, pick(s.rng, pastel))));
    s.out.push(path(m`M${x - 6} ${top}h${w + 12}l-12 -34h${-w + 12}z`, tone(s, "#6c7a89")));
    let wins = "";
    for (let y = top + 30; y < street - 60; y += 64) for (let wx = x + 24; wx < x + w - 30; wx += 52) wins += m`M${wx} ${y}h26v40h-26z`;
    s.out.push(path(wins, s.mood.lights > 0.5 ? LAMP : tone(s, "#56687c"), opacity(0.85)));
  }
  const x0 = 170;
  const w = 460;
  const top = 150;
  const facade = tone(s, pick(s.rng, ["#f4e6cc", "#f6dcc8", "#efe9dc", "#f3d7b5"]));
  const roof = tone(s, "#5b6b7d");
  s.out.push(path(m`M${x0 + 10} ${top}l28 -80h${w - 76}l28 80z`, roof));
  s.out.push(rect(x0, top, w, street - top, facade));
  s.out.push(rect(x0 - 8, top - 6, w + 16, 12, tone(s, "#fbf7ee")));
  s.out.push(rect(x0 - 4, 392, w + 8, 8, tone(s, "#fbf7ee")));
  const cols = 5;
  const colW = w / cols;
  const lit = s.mood.lights > 0.5;
  const glass = windowGlass(s);
  const shutter = tone(s, s.pal.accent2);
  let dormers = "";
  let dormerPanes = "";
  for (let c = 0; c < cols - 1; c++) {
    const dx = x0 + colW * (c + 1) - 16;
    dormers += m`M${dx} ${top - 14}v-34l16 -14l16 14v34z`;
    dormerPanes += m`M${dx + 7} ${top - 18}v-26h18v26z`;
  }
  s.out.push(path(dormers, tone(s, "#eef0f2")), path(dormerPanes, lit && chance(s, 0.7) ? LAMP : glass));
  let panes = "";
  let litPanes = "";
  let trim = "";
  let shutters = "";
  let boxes = "";
  let flowers = "";
  for (let row = 0; row < 3; row++) {
    const y = top + 28 + row * 80;
    for (let c = 0; c < cols; c++) {
      const cx = x0 + colW * (c + 0.5);
      const pane = m`M${cx - 18} ${y}h36v56h-36z`;
      if (lit && s.rng() < 0.75) litPanes += pane;
      else panes += pane;
      trim += m`M${cx - 20} ${y - 3}h40M${cx} ${y}v56M${cx - 18} ${y + 24}h36`;
      if (row !== 1) {
        shutters += m`M${cx - 26} ${y}v56M${cx + 26} ${y}v56`;
        boxes += m`M${cx - 22} ${y + 60}h44`;
        flowers += m`M${cx - 18} ${y + 54}h37`;
      }
    }
    if (row === 1) {
      const iron = tone(s, "#2a2e35");
      s.out.push(
        rect(x0 + 4, y + 60, w - 8, 6, tone(s, "#e7e0d2")),
        stroke(m`M${x0 + 10} ${y + 51}h${w - 20}`, iron, 22, ' stroke-dasharray="2 6"'),
      );
      s.out.push(stroke(m`M${x0 + 8} ${y + 40}h${w - 16}`, iron, 2));
    }
  }
  s.out.push(path(panes, glass));
  if (litPanes) s.out.push(path(litPanes, "#ffd98a"));
  s.out.push(stroke(trim, tone(s, "#fbf7ee"), 3), stroke(shutters, shutter, 12), stroke(boxes, tone(s, s.pal.wood), 8));
  const bloom = tone(s, pick(s.rng, ["#d8344e", "#f07aa0", "#f39c34"]));
  s.out.push(stroke(flowers, bloom, 7, ' stroke-dasharray="0 9" stroke-linecap="round"'));
  s.out.push(rect(x0, 400, w, 100, tone(s, mix(s.pal.wall, "#c9b99f", 0.5))));
  const doorX = x0 + w / 2;
  glow(s, doorX, 460, 110, LAMP, s.mood.lights * 0.8);
  s.out.push(path(m`M${doorX - 30} ${street}v-62a30 30 0 0 1 60 0v62z`, lit ? "#ffdc96" : tone(s, "#3b2f2a")));
  const awning = tone(s, s.pal.accent);
  const cream = tone(s, "#fbf3e4");
  for (const ax of [x0 + 20, doorX + 56]) {
    const aw = doorX - 56 - x0 - 20;
    s.out.push(rect(ax + 6, 420, aw - 12, 80, lit ? "#ffd98a" : glass));
    s.out.push(path(m`M${ax} 412h${aw}l14 34h${-aw - 28}z`, awning));
    let stripes = "";
    for (let k = 0; k < 6; k++) {
      const sx = ax + (aw / 6) * k;
      stripes += m`M${sx} 412h${aw / 12}l${(aw / 12) * 0.3 + 2} 34h${-aw / 12 - 3}z`;
    }
    s.out.push(path(stripes, cream));
    s.out.push(path(m`M${ax - 14} 446h${aw + 28}v6h${-aw - 28}z`, awning));
  }
  s.out.push(rect(0, street, WIDTH, 26, tone(s, "#d9d2c4")), rect(0, street + 26, WIDTH, 80, tone(s, "#8d8579")));
  let cobbles = "";
  for (let y = street + 36; y < HEIGHT; y += 14) cobbles += m`M${(y % 28) - 20} ${y}H${WIDTH}`;
  s.out.push(stroke(cobbles, tone(s, "#6f675c"), 3, ` stroke-dasharray="20 8" stroke-linecap="round"${opacity(0.5)}`));
  for (const x of [120, 680]) streetLamp(s, x, street + 18, 130);
  for (const x of [doorX - 50, doorX + 50]) {
    s.out.push(rect(x - 9, street - 18, 18, 18, tone(s, s.pal.wood)), circle(x, street - 32, 16, tone(s, "#3f7d45")));
  }
  goldenHaze(s, sun);
}

function beachBungalows(s: Scene): void {
  const horizon = 270;
  const sun = sky(s, horizon);
  const lagoon = lin(s, [
    [0, tone(s, mix(s.mood.sky[2], "#2a7fb0", 0.5))],
    [0.45, tone(s, "#2fb5c4")],
    [1, tone(s, "#6fe0d4")],
  ]);
  s.out.push(rect(0, horizon, WIDTH, HEIGHT - horizon, lagoon));
  sparkles(s, horizon, 160, sun);
  ripples(s, 0, horizon + 30, WIDTH, 260);
  const deck = tone(s, "#8a5d3b");
  const huts = [0, 1, 2, 3, 4].map((i) => ({ k: 1 - i * 0.17, x: 660 - i * 118 + i * i * 6, base: 460 - i * 42 }));
  const walkway = huts.map((h) => m`${h.x} ${h.base + 10 * h.k}`).join("L");
  s.out.push(stroke(m`M${WIDTH + 20} 520L${walkway}`, deck, 7, ' stroke-linejoin="round"'));
  const straw = lin(s, [
    [0, tone(s, "#e7c27a")],
    [1, tone(s, "#b98a46")],
  ]);
  const wood = tone(s, s.pal.wood);
  const lit = s.mood.lights > 0.5;
  for (const { k, x, base } of huts.reverse()) {
    const w = 130 * k;
    s.out.push(
      stroke(m`M${x - w * 0.35} ${base}v${30 * k}M${x} ${base}v${34 * k}M${x + w * 0.35} ${base}v${30 * k}`, tone(s, "#5b3d26"), 4 * k),
    );
    s.out.push(rect(x - w * 0.62, base - 6 * k, w * 1.24, 8 * k, deck));
    s.out.push(rect(x - w * 0.42, base - 58 * k, w * 0.84, 52 * k, wood));
    glow(s, x, base - 30 * k, 70 * k, LAMP, s.mood.lights * 0.6);
    s.out.push(rect(x - w * 0.16, base - 46 * k, w * 0.32, 40 * k, lit ? "#ffd98a" : tone(s, "#3a2a20")));
    s.out.push(
      path(m`M${x - w * 0.62} ${base - 52 * k}L${x - w * 0.15} ${base - 120 * k}h${w * 0.3}L${x + w * 0.62} ${base - 52 * k}z`, straw),
    );
    let thatch = "";
    for (let t = -0.5; t <= 0.5; t += 0.1) thatch += m`M${x + w * t * 1.1} ${base - 53 * k}L${x + w * t * 0.3} ${base - 118 * k}`;
    s.out.push(stroke(thatch, tone(s, "#8f6a34"), 1.2, opacity(0.5)));
    s.out.push(rect(x - w * 0.58, base + 30 * k, w * 1.16, 6 * k, WHITE, opacity(0.25)));
  }
  const sand = lin(s, [
    [0, tone(s, "#f5e3bd")],
    [1, tone(s, "#e6c995")],
  ]);
  s.out.push(path(m`M-10 440Q180 430 300 520T${WIDTH / 2 + 80} ${HEIGHT + 10}H-10z`, sand));
  palm(s, 70, 520, 300, 60);
  palm(s, 170, 540, 230, 80);
  if (chance(s, 0.6)) umbrella(s, 260, 560, 0.8, s.pal.accent);
  lounger(s, 90, 570, 0.9, s.pal.accent2, false);
  goldenHaze(s, sun);
}

function mountainLodge(s: Scene): void {
  const horizon = 380;
  const sun = sky(s, horizon);
  const winter = chance(s, 0.5);
  const [, mid, low] = s.mood.sky;
  mountainRange(s, 0, WIDTH, horizon - 40, 230, mix(low, "#8394b8", 0.6), true);
  mountainRange(s, 0, WIDTH, horizon, 150, mix(mid, "#4d6079", 0.65), winter);
  s.out.push(path(forest(s, -10, WIDTH + 10, horizon + 30, 36, 70), tone(s, "#2a5642")));
  const groundTop = lin(
    s,
    winter
      ? [
          [0, tone(s, "#eef3fa")],
          [1, tone(s, "#cdd9ea")],
        ]
      : [
          [0, tone(s, "#7fb263")],
          [1, tone(s, "#4e8a45")],
        ],
  );
  s.out.push(path(m`M0 ${horizon + 20}Q400 ${horizon - 10} ${WIDTH} ${horizon + 30}V${HEIGHT}H0z`, groundTop));

  const cx = between(s, 340, 460);
  const w = 300;
  const wallTop = 320;
  const base = 500;
  const planks = lin(s, [
    [0, tone(s, "#a8693d")],
    [1, tone(s, "#7b4a2b")],
  ]);
  s.out.push(rect(cx - w / 2 - 110, 370, 120, base - 370, planks));
  s.out.push(path(m`M${cx - w / 2 - 124} 376l70 -50h70v50z`, tone(s, "#3b2c28")));
  s.out.push(rect(cx - w / 2, wallTop, w, base - wallTop, planks));
  let lines = "";
  for (let y = wallTop + 12; y < base - 20; y += 12) lines += m`M${cx - w / 2 - 110} ${y}h${w + 110}`;
  s.out.push(stroke(lines, tone(s, "#5e3920"), 1.2, opacity(0.5)));
  s.out.push(rect(cx - w / 2 - 114, base - 22, w + 118, 22, tone(s, "#8e8a86")));
  const apex = 150;
  const lit = s.mood.lights > 0.3;
  const pane = lit
    ? lin(s, [
        [0, "#ffe7a8"],
        [1, "#ffb85c"],
      ])
    : windowGlass(s);
  glow(s, cx, 330, 220, LAMP, s.mood.lights * 0.55);
  s.out.push(path(m`M${cx} ${apex + 40}L${cx + 118} ${wallTop + 18}V${base - 90}H${cx - 118}V${wallTop + 18}z`, pane));
  let mullions = "";
  for (let dx = -80; dx <= 80; dx += 40) mullions += m`M${cx + dx} ${apex + 40 + Math.abs(dx) * 1.1}V${base - 90}`;
  mullions += m`M${cx - 118} ${wallTop + 40}h236`;
  s.out.push(stroke(mullions, tone(s, "#4a2c1a"), 4));
  s.out.push(
    path(
      m`M${cx} ${apex}L${cx + w / 2 + 40} ${wallTop + 40}l-14 10L${cx} ${apex + 30}L${cx - w / 2 - 26} ${wallTop + 50}l-14 -10z`,
      tone(s, "#3b2c28"),
    ),
  );
  if (winter)
    s.out.push(
      path(
        m`M${cx} ${apex - 6}L${cx + w / 2 + 44} ${wallTop + 36}l-8 6L${cx} ${apex + 8}L${cx - w / 2 - 36} ${wallTop + 42}l-8 -6z`,
        tone(s, "#f6f9fd"),
      ),
    );
  s.out.push(rect(cx - w / 2 - 10, base - 92, w + 20, 8, tone(s, "#5a3620")));
  let rail = "";
  for (let x = cx - w / 2 - 6; x < cx + w / 2 + 8; x += 12) rail += m`M${x} ${base - 120}v28`;
  s.out.push(stroke(rail + m`M${cx - w / 2 - 10} ${base - 120}h${w + 20}`, tone(s, "#5a3620"), 3));
  s.out.push(rect(cx - 30, base - 78, 60, 56, lit ? "#ffcf7a" : tone(s, "#4a2c1a")));
  for (const wx of [cx - 110, cx + 70]) s.out.push(rect(wx, base - 74, 40, 36, lit ? "#ffd98a" : windowGlass(s)));
  s.out.push(rect(cx + 70, apex + 10, 26, 70, tone(s, "#7d756e")));
  let smoke = "";
  for (let i = 0; i < 4; i++) smoke += m`M${cx + 83 + i * 10} ${apex - 10 - i * 22}a${8 + i * 3} ${8 + i * 3} 0 1 0 .1 0z`;
  s.out.push(path(smoke, tone(s, "#e8ecf2"), opacity(0.55)));
  let trees = "";
  for (const x of [40, 100, 690, 760]) trees += pine(x + between(s, -16, 16), 560, between(s, 170, 240));
  s.out.push(path(trees, tone(s, "#1f4a37")));
  if (winter) {
    let snow = "";
    for (let i = 0; i < 40; i++) snow += m`M${s.rng() * WIDTH} ${s.rng() * HEIGHT}h.1`;
    s.out.push(stroke(snow, WHITE, 4, ` stroke-linecap="round"${opacity(0.8)}`));
  }
  goldenHaze(s, sun);
}

// ---------------------------------------------------------------------------------------------------------------
// Pool

function poolScene(s: Scene): void {
  const layout = pick(s.rng, ["infinity", "courtyard", "lagoon"] as const);
  const horizon = layout === "lagoon" ? 330 : 290;
  const sun = sky(s, horizon);
  const edge = 380;
  if (layout === "infinity") {
    sea(s, 0, horizon, WIDTH, edge - horizon, sun);
  } else if (layout === "courtyard") {
    let canopy = m`M0 ${edge}V${horizon + 30}`;
    for (let x = 0; x < WIDTH;) {
      const r = between(s, 30, 55);
      canopy += m`a${r} ${r} 0 0 1 ${2 * r} 0`;
      x += 2 * r;
    }
    s.out.push(path(`${canopy}V${fmt(edge)}z`, tone(s, "#3f7f4c")));
    const wall = tone(s, mix(s.pal.wall, WHITE, 0.4));
    s.out.push(rect(60, 150, 680, edge - 150, wall));
    const glass = windowGlass(s);
    for (let y = 170; y < edge - 60; y += 62) {
      let panes = "";
      let lit = "";
      for (let x = 84; x < 720; x += 80) {
        if (s.rng() < s.mood.lights * 0.7) lit += m`M${x} ${y}h52v40h-52z`;
        else panes += m`M${x} ${y}h52v40h-52z`;
      }
      s.out.push(path(panes, glass));
      if (lit) s.out.push(path(lit, LAMP));
      s.out.push(rect(64, y + 40, 672, 5, tone(s, WHITE)), rect(70, y + 24, 660, 16, tone(s, "#cdeff2"), opacity(0.35)));
    }
    bushes(s, 40, 760, edge - 6, pick(s.rng, ["#d6337a", "#f3f0e8", "#f2a03d"]));
  } else {
    mountainRange(s, 0, WIDTH, horizon + 20, 150, mix(s.mood.sky[2], "#3f7a5a", 0.65), false);
    for (const x of [90, 300, 520, 720]) palm(s, x + between(s, -30, 30), edge, between(s, 110, 160), between(s, -30, 30));
    bushes(s, -10, WIDTH + 10, edge - 4, pick(s.rng, ["#d6337a", "#f2a03d", "#f7f3ea"]));
  }
  const deck = lin(s, [
    [0, tone(s, "#efe2cc")],
    [1, tone(s, "#d9c2a0")],
  ]);
  s.out.push(rect(0, edge - 8, WIDTH, HEIGHT - edge + 8, deck));
  const shape = {
    infinity: m`M-20 ${edge}H${WIDTH + 20}V${HEIGHT - 80}H-20z`,
    courtyard: m`M170 ${edge + 30}H630L760 ${HEIGHT - 40}H40z`,
    lagoon: "M140 430C150 395 300 392 390 410S600 385 690 420S730 540 590 548S330 575 220 548S125 470 140 430z",
  }[layout];
  const water = lin(s, [
    [0, tone(s, "#5fe0e6")],
    [0.5, tone(s, "#22b4d1")],
    [1, tone(s, "#1388b4")],
  ]);
  s.out.push(path(shape, water));
  if (layout === "infinity") s.out.push(rect(0, edge - 2, WIDTH, 3, WHITE, opacity(0.6)));
  else s.out.push(stroke(shape, tone(s, "#f7f1e6"), 9, ' stroke-linejoin="round"'));
  const waterTop = { infinity: edge + 6, courtyard: edge + 40, lagoon: 400 }[layout];
  s.out.push(`<g${clip(s, shape)}>`);
  let caustics = "";
  for (let i = 0; i < 16; i++) caustics += m`M${between(s, 60, 700)} ${between(s, waterTop, HEIGHT - 60)}q12 -8 24 0t24 0t24 4`;
  s.out.push(stroke(caustics, "#c9fbff", 1.6, opacity(0.45)));
  ripples(s, 80, waterTop, 640, HEIGHT - 80 - waterTop);
  if (isDark(s))
    s.out.push(
      ellipse(
        400,
        (waterTop + HEIGHT) / 2,
        360,
        120,
        rad(s, [
          [0, "#9ff8ff", 0.55],
          [1, "#9ff8ff", 0],
        ]),
      ),
    );
  glow(s, sun.x, waterTop + 40, 90, "#fff6d8", s.mood.name === "night" ? 0.2 : 0.45);
  s.out.push("</g>");

  const towel = s.pal.accent2;
  if (layout === "infinity") {
    const count = chance(s, 0.5) ? 2 : 3;
    for (let i = 0; i < count; i++) lounger(s, 60 + i * (count === 2 ? 400 : 260), HEIGHT - 16, 1.7, towel, false);
    umbrella(s, count === 2 ? 380 : 250, HEIGHT - 6, 1.5, s.pal.accent);
  } else if (layout === "courtyard") {
    for (let i = 0; i < 5; i++) lounger(s, 190 + i * 100, edge + 20, 0.7, towel, false);
    umbrella(s, 290, edge + 24, 0.8, s.pal.accent);
    umbrella(s, 490, edge + 24, 0.8, s.pal.accent);
  } else {
    palapa(s, 110, 420, 0.9);
    palapa(s, 700, 415, 0.8);
    lounger(s, 30, HEIGHT - 20, 1.4, towel, false);
    lounger(s, WIDTH - 30, HEIGHT - 20, 1.4, towel, true);
  }
  if (layout !== "lagoon" || chance(s, 0.5)) palm(s, between(s, 10, 60), HEIGHT + 10, between(s, 380, 460), between(s, 30, 80));
  if (layout !== "lagoon" || chance(s, 0.5)) palm(s, between(s, 740, 790), HEIGHT + 10, between(s, 340, 440), between(s, -80, -30));
  goldenHaze(s, sun);
}

/** Thatched beach umbrella: says "tropical" more clearly than a fabric one. */
function palapa(s: Scene, x: number, base: number, k: number): void {
  s.out.push(stroke(m`M${x} ${base}V${base - 110 * k}`, tone(s, "#7a5636"), 6 * k));
  const straw = lin(s, [
    [0, tone(s, "#e9c77e")],
    [1, tone(s, "#b5874a")],
  ]);
  s.out.push(
    path(
      m`M${x - 80 * k} ${base - 92 * k}L${x} ${base - 150 * k}L${x + 80 * k} ${base - 92 * k}Q${x} ${base - 80 * k} ${x - 80 * k} ${base - 92 * k}z`,
      straw,
    ),
  );
  s.out.push(
    stroke(
      m`M${x - 80 * k} ${base - 90 * k}Q${x} ${base - 76 * k} ${x + 80 * k} ${base - 90 * k}`,
      tone(s, "#9c7240"),
      10 * k,
      ' stroke-dasharray="3 2"',
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Interiors

/** A band across the picture from y top to bottom: `color` at its foot, darkened by `shade` (0 to 1) towards its top. */
function shadedBand(s: Scene, top: number, bottom: number, color: string, shade: number): string {
  return rect(
    0,
    top,
    WIDTH,
    bottom - top,
    lin(s, [
      [0, tone(s, mix(color, "#000000", shade))],
      [1, tone(s, color)],
    ]),
  );
}

function enterIndoors(s: Scene): void {
  s.tint = s.mood.indoorTint;
  s.amount = s.mood.indoorAmount;
}

function pickView(s: Scene): ViewKind {
  return pick<ViewKind>(s.rng, ["sea", "city", "mountains"]);
}

function woodFloor(s: Scene, top: number, color: string): void {
  s.out.push(shadedBand(s, top, HEIGHT, color, 0.2));
  let boards = "";
  for (let i = -14; i <= 14; i++) boards += m`M${400 + i * 34} ${top}L${400 + i * 110} ${HEIGHT}`;
  s.out.push(stroke(boards, tone(s, mix(color, "#000000", 0.35)), 1.2, opacity(0.5)));
}

function tileFloor(s: Scene, top: number, color: string): void {
  s.out.push(shadedBand(s, top, HEIGHT, color, 0.12));
  let grid = "";
  for (let i = -10; i <= 10; i++) grid += m`M${400 + i * 60} ${top}L${400 + i * 180} ${HEIGHT}`;
  for (let k = 1; k < 6; k++) grid += m`M0 ${top + (HEIGHT - top) * (k / 6) ** 1.5}H${WIDTH}`;
  s.out.push(stroke(grid, tone(s, mix(color, "#000000", 0.25)), 1.2, opacity(0.45)));
}

function plant(s: Scene, x: number, base: number, k: number): void {
  s.out.push(path(m`M${x - 22 * k} ${base - 46 * k}h${44 * k}l-6 ${46 * k}h${-32 * k}z`, tone(s, mix(s.pal.accent, "#d8d0c4", 0.5))));
  let leaves = "";
  let dark = "";
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI / 2 + between(s, -1.1, 1.1);
    const len = between(s, 50, 100) * k;
    const ex = x + Math.cos(a) * len;
    const ey = base - 46 * k + Math.sin(a) * len;
    const d = m`M${x} ${base - 46 * k}Q${(x + ex) / 2 - 16 * k} ${(base - 46 * k + ey) / 2} ${ex} ${ey}Q${(x + ex) / 2 + 16 * k} ${(base - 46 * k + ey) / 2} ${x} ${base - 46 * k}z`;
    if (i % 2) dark += d;
    else leaves += d;
  }
  s.out.push(path(dark, tone(s, "#2e6b41")), path(leaves, tone(s, "#4f9a5c")));
}

function artwork(s: Scene, x: number, y: number, w: number, h: number): void {
  s.out.push(rect(x - 6, y - 6, w + 12, h + 12, tone(s, s.pal.metal)), rect(x, y, w, h, tone(s, "#fbf6ec")));
  const motif = pick(s.rng, ["landscape", "circles", "arches"]);
  if (motif === "landscape") {
    s.out.push(circle(x + w * between(s, 0.3, 0.7), y + h * 0.42, h * 0.2, tone(s, s.pal.accent)));
    s.out.push(
      path(
        m`M${x} ${y + h}V${y + h * 0.7}Q${x + w * 0.3} ${y + h * 0.45} ${x + w * 0.6} ${y + h * 0.68}T${x + w} ${y + h * 0.6}V${y + h}z`,
        tone(s, s.pal.accent2),
      ),
    );
  } else if (motif === "circles") {
    s.out.push(
      circle(x + w * 0.38, y + h * 0.5, h * 0.3, tone(s, s.pal.accent2), opacity(0.85)),
      circle(x + w * 0.6, y + h * 0.48, h * 0.26, tone(s, s.pal.accent), opacity(0.8)),
    );
    s.out.push(rect(x + w * 0.15, y + h * 0.78, w * 0.7, 3, tone(s, s.pal.wood)));
  } else {
    for (const [i, c] of [s.pal.accent, s.pal.soft, s.pal.accent2].entries()) {
      const ax = x + w * (0.16 + i * 0.24);
      s.out.push(path(m`M${ax} ${y + h * 0.85}v${-h * 0.4}a${w * 0.1} ${w * 0.1} 0 0 1 ${w * 0.2} 0v${h * 0.4}z`, tone(s, c)));
    }
  }
}

function headboard(s: Scene): void {
  const head = tone(s, s.pal.accent);
  const seam = tone(s, "#000000");
  const style = pick(s.rng, ["channel", "arched", "panel", "tufted"]);
  if (style === "panel") {
    s.out.push(
      rect(
        20,
        180,
        560,
        240,
        lin(s, [
          [0, tone(s, mix(s.pal.wood, "#ffffff", 0.2))],
          [1, tone(s, s.pal.wood)],
        ]),
      ),
    );
    s.out.push(stroke("M20 240h560M20 300h560M20 360h560", seam, 1.5, opacity(0.2)), rect(140, 210, 320, 140, head, ' rx="10"'));
  } else if (style === "arched") {
    s.out.push(
      path("M140 350V270Q140 180 300 180T460 270V350z", head),
      stroke("M160 350V272Q160 200 300 200T440 272V350", seam, 2, opacity(0.15)),
    );
  } else {
    s.out.push(rect(140, 190, 320, 160, head, ' rx="18"'));
    if (style === "channel")
      s.out.push(stroke("M180 200v140M220 200v140M260 200v140M300 200v140M340 200v140M380 200v140M420 200v140", seam, 2, opacity(0.14)));
    else
      s.out.push(
        stroke("M170 215h270M190 245h250M170 275h270", seam, 4, ` stroke-dasharray="0 40" stroke-linecap="round"${opacity(0.25)}`),
      );
  }
}

function bedsideLight(s: Scene, x: number, pendant: boolean): void {
  if (!pendant) {
    tableLamp(s, x, 300, 1);
    return;
  }
  glow(s, x, 300, 130, LAMP, s.mood.lights * 0.7);
  s.out.push(stroke(m`M${x} 0V280`, tone(s, "#2b2b2b"), 1.5), circle(x, 298, 20, s.mood.lights > 0.5 ? "#fff0c8" : tone(s, "#f4efe6")));
  s.out.push(path(m`M${x - 12} 282h24l-4 -8h-16z`, tone(s, s.pal.metal)));
}

function tableLamp(s: Scene, x: number, top: number, k: number): void {
  glow(s, x, top + 20 * k, 130 * k, LAMP, s.mood.lights * 0.7);
  s.out.push(path(m`M${x - 6 * k} ${top + 70 * k}h${12 * k}l4 ${-30 * k}h${-20 * k}z`, tone(s, s.pal.metal)));
  s.out.push(
    path(m`M${x - 18 * k} ${top}h${36 * k}l${8 * k} ${40 * k}h${-52 * k}z`, s.mood.lights > 0.5 ? "#fff0c8" : tone(s, s.pal.soft)),
  );
}

function curtains(s: Scene, x: number, y: number, w: number, h: number, color: string): void {
  const fill = tone(s, color);
  s.out.push(rect(x - 20, y - 16, w + 40, 5, tone(s, s.pal.metal)));
  for (const [cx, dir] of [
    [x - 18, 1],
    [x + w + 18, -1],
  ] as const) {
    const cw = w * 0.24;
    s.out.push(path(m`M${cx} ${y - 12}h${dir * cw}q${-dir * 12} ${h / 2} ${dir * 6} ${h + 12}h${-dir * (cw + 6)}z`, fill));
    s.out.push(
      stroke(
        m`M${cx + dir * cw * 0.35} ${y - 10}v${h + 20}M${cx + dir * cw * 0.7} ${y - 10}v${h + 20}`,
        tone(s, "#000000"),
        2,
        opacity(0.12),
      ),
    );
  }
}

function roomScene(s: Scene): void {
  enterIndoors(s);
  const floor = 420;
  const flip = chance(s, 0.5);
  if (flip) s.out.push(`<g transform="matrix(-1 0 0 1 ${WIDTH} 0)">`);
  s.out.push(shadedBand(s, 0, floor, s.pal.wall, 0.1));
  s.out.push(rect(120, 0, 360, floor, tone(s, mix(s.pal.soft, s.pal.wall, 0.3))));
  if (chance(s, 0.6)) woodFloor(s, floor, s.pal.wood);
  else
    s.out.push(
      rect(
        0,
        floor,
        WIDTH,
        HEIGHT - floor,
        lin(s, [
          [0, tone(s, mix(s.pal.soft, "#6b5a50", 0.5))],
          [1, tone(s, mix(s.pal.soft, "#8a7a6e", 0.3))],
        ]),
      ),
    );
  s.out.push(rect(0, floor - 10, WIDTH, 10, tone(s, "#f7f3ec")));
  const wx = 600;
  const wy = 70;
  const ww = 170;
  const wh = 300;
  windowView(s, wx, wy, ww, wh, pickView(s));
  s.out.push(stroke(m`M${wx} ${wy}h${ww}v${wh}h${-ww}zM${wx + ww / 2} ${wy}v${wh}`, tone(s, "#fbf8f2"), 8));
  curtains(s, wx, wy, ww, wh + 30, s.pal.accent2);
  s.out.push(polygonRug(s, 10, 600, 440, 590, s.pal.accent2));
  if (chance(s, 0.7)) artwork(s, 225, 50, 150, 100);
  else {
    artwork(s, 190, 66, 100, 80);
    artwork(s, 310, 66, 100, 80);
  }
  headboard(s);
  const duvet = tone(s, "#fbfaf7");
  const duvetShade = tone(s, "#e4e1da");
  s.out.push(
    path(
      m`M150 300H450L490 450H110z`,
      lin(s, [
        [0, duvetShade],
        [1, duvet],
      ]),
    ),
  );
  s.out.push(rect(110, 450, 380, 50, duvetShade, ' rx="6"'));
  for (const [px, py, pw, ph, c] of [
    [160, 262, 130, 58, "#ffffff"],
    [310, 262, 130, 58, "#ffffff"],
    [190, 290, 90, 44, s.pal.accent2],
    [320, 290, 90, 44, s.pal.soft],
  ] as const) {
    s.out.push(rect(px, py, pw, ph, tone(s, c), ' rx="16"'));
  }
  s.out.push(
    path(m`M128 396H472L484 444H116z`, tone(s, s.pal.accent2)),
    rect(116, 444, 368, 40, tone(s, mix(s.pal.accent2, "#000000", 0.15))),
  );
  s.out.push(rect(110, 500, 380, 10, tone(s, s.pal.wood)));
  s.out.push(stroke("M170 540v36M430 540v36", tone(s, s.pal.metal), 5), rect(150, 516, 300, 30, tone(s, s.pal.soft), ' rx="10"'));

  const stand = tone(s, s.pal.wood);
  const pendant = chance(s, 0.35);
  for (const x of [30, 490]) {
    s.out.push(rect(x, 370, 90, 90, stand, ' rx="4"'), rect(x + 8, 408, 74, 4, tone(s, "#000000"), opacity(0.2)));
    bedsideLight(s, x + 45, pendant);
  }
  plant(s, 740, 560, 1.1);
  if (flip) s.out.push("</g>");
}

function polygonRug(s: Scene, x0: number, x1: number, y0: number, y1: number, color: string): string {
  const inset = (x1 - x0) * 0.08;
  const base = tone(s, mix(color, "#f4ece0", 0.6));
  return (
    path(m`M${x0 + inset} ${y0}H${x1 - inset}L${x1} ${y1}H${x0}z`, base) +
    stroke(m`M${x0 + inset + 14} ${y0 + 8}H${x1 - inset - 14}L${x1 - 16} ${y1 - 10}H${x0 + 16}z`, tone(s, color), 3, opacity(0.6))
  );
}

function lobbyScene(s: Scene): void {
  enterIndoors(s);
  const floor = 420;
  s.out.push(shadedBand(s, 0, floor, s.pal.wall, 0.15));
  const view = pickView(s);
  const arched = chance(s, 0.6);
  const frame = tone(s, "#fbf7ee");
  for (const x of [50, 630]) {
    const outline = arched ? m`M${x} 400V170a60 60 0 0 1 120 0V400z` : m`M${x} 110h120v290h-120z`;
    windowView(s, x, 110, 120, 290, view, outline);
    s.out.push(stroke(outline, frame, 10), stroke(m`M${x + 60} 110v290M${x} 260h120`, frame, 4));
  }
  const feature = pick(s.rng, ["slats", "marble", "panels"]);
  if (feature === "slats") {
    s.out.push(
      rect(
        250,
        110,
        300,
        310,
        lin(s, [
          [0, tone(s, mix(s.pal.wood, "#ffffff", 0.15))],
          [1, tone(s, s.pal.wood)],
        ]),
      ),
    );
    let lines = "";
    for (let x = 262; x < 550; x += 12) lines += m`M${x} 110v310`;
    s.out.push(stroke(lines, tone(s, "#000000"), 2, opacity(0.15)));
  } else if (feature === "marble") {
    s.out.push(
      rect(
        250,
        110,
        300,
        310,
        lin(
          s,
          [
            [0, tone(s, "#f7f5f1")],
            [1, tone(s, "#ddd8cf")],
          ],
          1,
          1,
        ),
      ),
    );
    let veins = "";
    for (let i = 0; i < 6; i++) {
      veins += m`M${between(s, 250, 450)} ${between(s, 110, 300)}q${between(s, 20, 60)} 30 ${between(s, 30, 90)} ${between(s, 60, 120)}`;
      veins += m`t${between(s, 20, 60)} 80`;
    }
    s.out.push(
      stroke(veins, tone(s, "#9d968c"), 1.5, opacity(0.45)),
      rect(250, 110, 300, 310, "none", m` stroke="${tone(s, s.pal.metal)}" stroke-width="6"`),
    );
  } else {
    s.out.push(rect(250, 110, 300, 310, tone(s, s.pal.accent2)));
    s.out.push(stroke("M310 110v310M370 110v310M430 110v310M490 110v310", tone(s, s.pal.metal), 3));
  }
  s.out.push(
    circle(400, 200, 34, "none", m` stroke="${tone(s, s.pal.metal)}" stroke-width="6"`),
    circle(400, 200, 12, tone(s, s.pal.metal)),
  );
  tileFloor(s, floor, mix(s.pal.wall, "#ffffff", 0.4));
  s.out.push(rect(0, floor - 8, WIDTH, 8, tone(s, mix(s.pal.wall, "#000000", 0.25))));

  const desk = lin(s, [
    [0, tone(s, "#f5f1ea")],
    [1, tone(s, "#d8d0c3")],
  ]);
  s.out.push(rect(240, 330, 320, 110, desk, ' rx="6"'), rect(230, 322, 340, 14, tone(s, s.pal.accent2), ' rx="4"'));
  s.out.push(rect(250, 428, 300, 6, "#ffe6a8", opacity(0.4 + s.mood.lights * 0.5)));
  s.out.push(ellipse(400, 470, 180, 14, tone(s, "#000000"), opacity(0.1)));
  s.out.push(rect(500, 300, 10, 22, tone(s, "#ffffff")), circle(505, 292, 14, tone(s, s.pal.soft)));

  glow(s, 400, 80, 200, LAMP, 0.25 + s.mood.lights * 0.55);
  if (chance(s, 0.5)) {
    s.out.push(stroke("M400 0v50", tone(s, s.pal.metal), 3));
    let drops = "";
    for (const [ry, rr, n] of [
      [60, 60, 12],
      [80, 44, 9],
      [98, 26, 6],
    ] as const) {
      s.out.push(ellipse(400, ry, rr, rr * 0.2, "none", m` stroke="${tone(s, s.pal.metal)}" stroke-width="3"`));
      for (let i = 0; i < n; i++)
        drops += m`M${400 + rr * Math.cos((i / n) * Math.PI * 2)} ${ry + rr * 0.2 * Math.sin((i / n) * Math.PI * 2)}v12`;
    }
    s.out.push(stroke(drops, "#fff6dc", 3, ' stroke-linecap="round"'));
  } else {
    for (const [x, y, r] of [
      [340, 60, 14],
      [400, 86, 18],
      [460, 50, 12],
      [370, 30, 10],
      [430, 100, 10],
    ] as const) {
      s.out.push(stroke(m`M${x} 0V${y}`, tone(s, s.pal.metal), 1.5), circle(x, y + r, r, "#fff4d6"));
    }
  }

  for (const [x, dir] of [
    [40, 1],
    [760, -1],
  ] as const) {
    const fabric = tone(s, s.pal.accent);
    s.out.push(path(m`M${x} 540v-90q0-20 ${dir * 20}-20h${dir * 30}v70h${dir * 130}v40z`, fabric));
    s.out.push(rect(dir > 0 ? x + 40 : x - 180, 480, 140, 34, tone(s, mix(s.pal.accent, "#ffffff", 0.25)), ' rx="8"'));
    s.out.push(rect(dir > 0 ? x + 150 : x - 170, 466, 30, 74, fabric, ' rx="8"'));
    plant(s, x + dir * 180, 420, 1.2);
  }
  s.out.push(ellipse(400, 545, 170, 34, tone(s, mix(s.pal.accent2, "#f4ece0", 0.3))));
  s.out.push(rect(330, 510, 140, 10, tone(s, s.pal.wood), ' rx="4"'), stroke("M342 520v30M458 520v30", tone(s, s.pal.wood), 5));
  s.out.push(
    path("M384 510l3 -22h26l3 22z", tone(s, s.pal.soft)),
    circle(392, 480, 9, tone(s, s.pal.accent)),
    circle(406, 476, 10, tone(s, s.pal.accent)),
  );
}

function restaurantScene(s: Scene): void {
  enterIndoors(s);
  const floor = 400;
  s.out.push(rect(0, 0, WIDTH, floor, tone(s, s.pal.wall)));
  const view = pickView(s);
  windowView(s, 50, 60, 700, 270, view);
  let frames = "";
  for (let x = 50; x <= 750; x += 175) frames += m`M${x} 60v270`;
  s.out.push(stroke(frames + "M50 60h700v270h-700z", tone(s, "#2f2a28"), 8));
  const dado = pick(s.rng, [s.pal.wood, s.pal.accent2, "#3b3f46"]);
  s.out.push(rect(0, 330, WIDTH, 70, tone(s, dado)), rect(0, 326, WIDTH, 8, tone(s, mix(dado, "#ffffff", 0.3))));
  woodFloor(s, floor, mix(s.pal.wood, "#3a2a20", 0.3));

  const shade = pick(s.rng, ["dome", "globe", "cone"]);
  for (const x of [160, 400, 640]) {
    s.out.push(stroke(m`M${x} 0v96`, tone(s, "#222222"), 2));
    glow(s, x, 130, 150, LAMP, 0.2 + s.mood.lights * 0.6);
    if (shade === "dome") s.out.push(path(m`M${x - 34} 128q0 -32 34 -32t34 32z`, tone(s, s.pal.accent)), ellipse(x, 128, 16, 5, "#fff3cf"));
    else if (shade === "globe") s.out.push(circle(x, 118, 22, "#fff3d6"), rect(x - 6, 94, 12, 6, tone(s, s.pal.metal)));
    else s.out.push(path(m`M${x - 8} 96h16l18 36h-52z`, tone(s, s.pal.metal)), ellipse(x, 132, 26, 4, "#fff3cf"));
  }
  for (const [x, y, k] of [
    [170, 410, 0.75],
    [400, 410, 0.75],
    [630, 410, 0.75],
    [240, 500, 1.1],
    [560, 500, 1.1],
  ] as const) {
    diningTable(s, x, y, k);
  }
  plant(s, 40, 600, 1.5);
  plant(s, 770, 600, 1.3);
}

function diningTable(s: Scene, x: number, y: number, k: number): void {
  const chair = tone(s, s.pal.accent2);
  s.out.push(
    rect(x - 70 * k, y - 40 * k, 34 * k, 70 * k, chair, m` rx="${8 * k}"`),
    rect(x + 36 * k, y - 40 * k, 34 * k, 70 * k, chair, m` rx="${8 * k}"`),
  );
  s.out.push(
    ellipse(x, y, 60 * k, 16 * k, tone(s, "#fbf9f4")),
    path(m`M${x - 60 * k} ${y}v${46 * k}q${60 * k} ${12 * k} ${120 * k} 0v${-46 * k}z`, tone(s, "#ece8df")),
  );
  s.out.push(
    ellipse(x - 24 * k, y - 2 * k, 12 * k, 4 * k, tone(s, "#ffffff")),
    ellipse(x + 24 * k, y - 2 * k, 12 * k, 4 * k, tone(s, "#ffffff")),
  );
  s.out.push(stroke(m`M${x - 8 * k} ${y - 4 * k}v${-14 * k}M${x + 8 * k} ${y - 4 * k}v${-14 * k}`, tone(s, "#cfe4ea"), 3 * k));
  if (s.mood.lights > 0.5) glow(s, x, y - 14 * k, 34 * k, "#ffcf6a", 0.9);
  s.out.push(rect(x - 2 * k, y - 16 * k, 4 * k, 12 * k, tone(s, s.pal.soft)));
}

function bathroomScene(s: Scene): void {
  enterIndoors(s);
  const floor = 450;
  const tileColor = pick(s.rng, ["#e9f0ea", "#dfe9f0", "#f2e8dc", "#e9e4ec", "#2f5450", "#f5f2ec"]);
  const darkTiles = tileColor === "#2f5450";
  s.out.push(shadedBand(s, 0, floor, tileColor, 0.08));
  let grout = "";
  for (let y = 30; y < floor; y += 30) {
    grout += m`M0 ${y}H${WIDTH}`;
    for (let x = (y / 30) % 2 ? 0 : 30; x < WIDTH; x += 60) grout += m`M${x} ${y - 30}v30`;
  }
  s.out.push(stroke(grout, darkTiles ? "#1f3b38" : "#ffffff", 1.5, opacity(darkTiles ? 0.7 : 0.9)));
  if (chance(s, 0.35)) woodFloor(s, floor, s.pal.wood);
  else tileFloor(s, floor, pick(s.rng, ["#e3dccf", "#cdbfae", "#eee8de", "#c9d2d0"]));
  const flip = chance(s, 0.5);
  if (flip) s.out.push(`<g transform="matrix(-1 0 0 1 ${WIDTH} 0)">`);

  if (chance(s, 0.6)) {
    windowView(s, 80, 60, 220, 170, pickView(s));
    s.out.push(stroke("M80 60h220v170h-220zM190 60v170", tone(s, "#fbf8f2"), 8));
    const tub = lin(s, [
      [0, tone(s, "#ffffff")],
      [1, tone(s, "#d9dde0")],
    ]);
    s.out.push(path("M50 360h320q0 92 -70 96h-180q-70 -4 -70 -96z", tub));
    s.out.push(rect(44, 350, 332, 16, tone(s, "#fbfbfa"), ' rx="8"'), ellipse(210, 362, 150, 6, tone(s, "#9fd8e4")));
    s.out.push(stroke("M100 452l-8 20M320 452l8 20", tone(s, s.pal.metal), 6, ' stroke-linecap="round"'));
    s.out.push(stroke("M400 470V300q0 -24 -24 -24h-20", tone(s, s.pal.metal), 6));
    if (s.mood.lights > 0.3) {
      for (const [cx, h] of [
        [80, 24],
        [104, 16],
      ] as const) {
        glow(s, cx, 340 - h, 30, "#ffcf6a", 0.9);
        s.out.push(rect(cx - 6, 350 - h, 12, h, tone(s, "#fbf4e4")));
      }
    }
  } else {
    // The glass stays see-through so the wall tiles read as the inside of the shower.
    s.out.push(rect(40, 440, 320, 16, tone(s, "#f7f6f3"), ' rx="3"'));
    s.out.push(rect(230, 250, 90, 50, tone(s, mix(tileColor, "#000000", 0.25))));
    s.out.push(
      rect(242, 268, 14, 32, tone(s, s.pal.accent)),
      rect(262, 276, 12, 24, tone(s, "#ffffff")),
      rect(280, 264, 14, 36, tone(s, s.pal.soft)),
    );
    s.out.push(stroke("M200 40v40h-40", tone(s, s.pal.metal), 6), ellipse(160, 84, 40, 8, tone(s, s.pal.metal)));
    let drops = "";
    for (let i = 0; i < 22; i++) drops += m`M${between(s, 125, 195)} ${between(s, 100, 420)}v10`;
    s.out.push(stroke(drops, "#bfe6f5", 2, opacity(0.8)));
    s.out.push(
      rect(
        50,
        40,
        300,
        400,
        lin(
          s,
          [
            [0, "#e6f7fb", 0.35],
            [1, "#bfe3ee", 0.2],
          ],
          1,
          1,
        ),
      ),
    );
    s.out.push(stroke("M350 40v400M50 40v400M50 40h300", tone(s, s.pal.metal), 5));
    s.out.push(path("M80 40h70L70 250V40z", WHITE, opacity(0.25)), path("M200 440l120 -300v60l-96 240z", WHITE, opacity(0.15)));
  }
  s.out.push(
    stroke("M390 240h90", tone(s, s.pal.metal), 5),
    rect(400, 240, 70, 110, tone(s, s.pal.soft), ' rx="4"'),
    rect(400, 320, 70, 8, tone(s, s.pal.accent)),
  );

  const mx = 620;
  glow(s, mx, 190, 200, LAMP, 0.2 + s.mood.lights * 0.5);
  const mirror = lin(
    s,
    [
      [0, tone(s, "#e9f3f6")],
      [1, tone(s, "#b9cdd4")],
    ],
    1,
    1,
  );
  if (chance(s, 0.5)) {
    s.out.push(circle(mx, 190, 96, tone(s, s.pal.metal)), circle(mx, 190, 88, mirror));
  } else {
    s.out.push(rect(mx - 100, 80, 200, 220, tone(s, s.pal.metal), ' rx="10"'), rect(mx - 92, 88, 184, 204, mirror, ' rx="6"'));
  }
  s.out.push(path(m`M${mx - 50} 140l60 -40l14 10l-60 40z`, WHITE, opacity(0.45)));
  for (const x of [mx - 130, mx + 130]) {
    s.out.push(rect(x - 8, 160, 16, 50, s.mood.lights > 0.5 ? "#fff0c8" : tone(s, "#f6f1e6"), ' rx="8"'));
  }
  s.out.push(rect(480, 360, 290, 90, tone(s, s.pal.wood), ' rx="4"'), rect(470, 348, 310, 14, tone(s, "#f4f1ec"), ' rx="3"'));
  s.out.push(stroke("M625 372v66", tone(s, "#000000"), 2, opacity(0.25)), stroke("M600 400h14M636 400h14", tone(s, s.pal.metal), 4));
  s.out.push(ellipse(mx, 340, 60, 16, tone(s, "#ffffff")), ellipse(mx, 336, 48, 8, tone(s, "#dfe6ea")));
  s.out.push(stroke(m`M${mx} 348v-48h24v10`, tone(s, s.pal.metal), 5));
  plant(s, 740, 348, 0.6);
  s.out.push(rect(490, 320, 50, 12, tone(s, s.pal.accent), ' rx="3"'), rect(494, 308, 42, 12, tone(s, s.pal.soft), ' rx="3"'));
  if (flip) s.out.push("</g>");
}
