/**
 * Initial JavaScript of the home page, gzipped: builds the client into a temporary folder (so the
 * dist/client the server uses is left alone), reads the script and modulepreload tags of its
 * index.html and gzips those files. The Vite manifest (`--manifest` on the command line, the
 * config is untouched) adds what each lazy route loads on top.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT, sleep } from "./app-process.ts";

export interface FileSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleResult {
  budgetGzipKb: number;
  initialJs: FileSize[];
  initialJsGzipKb: number;
  initialJsKb: number;
  initialCssGzipKb: number;
  withinBudget: boolean;
  /** Initial JS plus each lazily loaded page's own chunks (gzip KB), for information. */
  lazyRoutes: { src: string; extraGzipKb: number; totalGzipKb: number }[];
  buildMs: number;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** `vite build` with extra arguments (e.g. another --outDir); retried, as the client may be mid-edit. */
export async function viteBuild(extraArgs: string[]): Promise<void> {
  let lastOutput = "";
  for (let attempt = 1; attempt <= 3; attempt++) {
    const code = await new Promise<number>((resolve) => {
      const child = spawn("npx", ["vite", "build", ...extraArgs, "--logLevel", "warn"], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
      });
      lastOutput = "";
      const keep = (c: Buffer) => (lastOutput = (lastOutput + c.toString()).slice(-3000));
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      child.on("exit", (c) => resolve(c ?? 1));
    });
    if (code === 0) return;
    console.warn(`vite build failed (attempt ${attempt}/3); the client may be mid-edit. Retrying in 20 s.`);
    if (attempt < 3) await sleep(20_000);
  }
  throw new Error(`vite build failed:\n${lastOutput}`);
}

function sizeOf(dir: string, file: string): FileSize {
  const content = readFileSync(path.join(dir, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

export async function measureBundle(budgetGzipKb = 170): Promise<BundleResult> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), "staywise-bench-build-"));
  try {
    const started = performance.now();
    await viteBuild(["--outDir", outDir, "--emptyOutDir", "--manifest"]);
    const buildMs = Math.round(performance.now() - started);

    const html = readFileSync(path.join(outDir, "index.html"), "utf8");
    const tags = [...html.matchAll(/<(script|link)\b[^>]*>/g)].map((m) => m[0]);
    const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
    const js = new Set<string>();
    const css = new Set<string>();
    for (const tag of tags) {
      if (tag.startsWith("<script") && attr(tag, "type") === "module" && attr(tag, "src")) js.add(attr(tag, "src") as string);
      if (tag.startsWith("<link") && attr(tag, "rel") === "modulepreload" && attr(tag, "href")) js.add(attr(tag, "href") as string);
      if (tag.startsWith("<link") && attr(tag, "rel") === "stylesheet" && attr(tag, "href")) css.add(attr(tag, "href") as string);
    }
    const local = (url: string) => url.replace(/^\//, "");
    const initialJs = [...js].map((f) => sizeOf(outDir, local(f)));
    const initialCss = [...css].map((f) => sizeOf(outDir, local(f)));
    const initialGzip = initialJs.reduce((s, f) => s + f.gzipBytes, 0);
    // The entry's stylesheet is inlined into index.html (vite.config.ts): it still counts as the first page's CSS.
    const inlineCssGzip = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce(
      (s, m) => s + gzipSync(m[1] ?? "", { level: 9 }).length,
      0,
    );

    // Lazy routes: the chunks each dynamic entry needs beyond the initial set.
    const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
    const initialFiles = new Set(initialJs.map((f) => f.file));
    const closure = (key: string, seen = new Set<string>()): Set<string> => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return seen;
      seen.add(key);
      for (const dep of chunk.imports ?? []) closure(dep, seen);
      return seen;
    };
    const lazyRoutes = Object.entries(manifest)
      .filter(([, c]) => c.isDynamicEntry && /(^|\/)features\//.test(c.src ?? ""))
      .map(([key, c]) => {
        const extra = [...closure(key)]
          .map((k) => manifest[k]?.file)
          .filter((f): f is string => !!f && f.endsWith(".js") && !initialFiles.has(f));
        const extraGzip = extra.reduce((s, f) => s + sizeOf(outDir, f).gzipBytes, 0);
        return { src: c.src as string, extraGzipKb: kb(extraGzip), totalGzipKb: kb(initialGzip + extraGzip) };
      })
      .sort((a, b) => a.src.localeCompare(b.src));

    return {
      budgetGzipKb,
      initialJs: initialJs.sort((a, b) => b.gzipBytes - a.gzipBytes),
      initialJsGzipKb: kb(initialGzip),
      initialJsKb: kb(initialJs.reduce((s, f) => s + f.bytes, 0)),
      initialCssGzipKb: kb(initialCss.reduce((s, f) => s + f.gzipBytes, 0) + inlineCssGzip),
      withinBudget: kb(initialGzip) <= budgetGzipKb,
      lazyRoutes,
      buildMs,
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
