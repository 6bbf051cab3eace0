import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { type Plugin, defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, so the server
 * sends compressed assets without compressing on each request (serveStatic `precompressed`).
 */
function precompress(): Plugin {
  return {
    name: "staywise-precompress",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir ?? "";
      for (const file of Object.keys(bundle)) {
        if (!/\.(m?js|css|html|svg|json)$/.test(file)) continue;
        const content = readFileSync(path.join(dir, file));
        if (content.length < 1024) continue;
        const br = brotliCompressSync(content, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        writeFileSync(path.join(dir, `${file}.br`), br);
        writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** The entry's stylesheet (index.html's entry is named "index"): `assets/index-<hash>.css`. */
function isEntryStylesheet(fileName: string): boolean {
  return /^assets\/index-[\w-]+\.css$/.test(fileName);
}

/**
 * Puts the entry's stylesheet into index.html as a <style> element: the first paint no longer waits
 * for a second request (Lighthouse's render-blocking request on a phone's 4G, issue 32 item 4).
 * Stylesheets of lazily loaded pages (the map) stay files. The CSP allows inline styles.
 * The file is still written: lazily loaded chunks that share the entry's styles (the reviews, the
 * payment step) list it among the dependencies they preload, and vite gives no hook to take it off
 * (its CSS dependencies are added after `modulePreload.resolveDependencies`). Deleting it made those
 * chunks fail to load (the server answered index.html for the missing file).
 */
function inlineEntryCss(): Plugin {
  return {
    name: "staywise-inline-entry-css",
    apply: "build",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = bundle[fileName];
          if (!asset || asset.type !== "asset" || !isEntryStylesheet(fileName)) return tag;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

export default defineConfig({
  root: "src/client",
  publicDir: false,
  plugins: [react(), tailwindcss(), inlineEntryCss(), precompress()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    reportCompressedSize: true,
    rolldownOptions: {
      // What the first page needs, in one file instead of fifteen: on a phone's connection (150 ms a
      // round trip, six connections at a time) the browser fetched them in three rounds after index.html
      // (issue 32 item 4). Lazily loaded pages import what they share with it from that file.
      // The lazily loaded pages' own shared parts came as a dozen files of a few hundred bytes each (an
      // icon, a Radix part), because each is shared by a different set of pages: the hotel page waited
      // for 18 files, the results for 13, in rounds of six. Two more groups: every icon the lazy pages
      // use (~9 KB gzipped) and the Radix dialog and form parts with their helpers (~17 KB), one file
      // each, loaded by the pages that use any of them (hotel page 7 files, +3 KB; results 5, +6 KB).
      output: {
        codeSplitting: {
          groups: [
            { name: "index", tags: ["$initial"] },
            { name: "icons", test: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/ },
            {
              name: "radix",
              test: new RegExp(
                "[\\\\/]node_modules[\\\\/](" +
                  [
                    "@radix-ui[\\\\/](react-(dialog|dismissable-layer|focus-scope|portal|focus-guards|presence|context|id|primitive|slot|compose-refs|use-[a-z-]+|collection|direction|checkbox))",
                    "@radix-ui[\\\\/]primitive",
                    "react-remove-scroll(-bar)?",
                    "use-callback-ref",
                    "use-sidecar",
                    "react-style-singleton",
                    "get-nonce",
                    "aria-hidden",
                    "tslib",
                    "detect-node-es",
                  ].join("|") +
                  ")[\\\\/]",
              ),
            },
          ],
        },
      },
      // src/shared does nothing on import (rules, constants, zod schemas): a page that uses one
      // function of a module does not also get the module's schemas, nor zod with them (~24 KB gzipped
      // of the first page's script, issue 32 item 4).
      treeshake: { moduleSideEffects: (id: string) => (/[\\/]src[\\/]shared[\\/]/.test(id) ? false : undefined) },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000", "/images": "http://localhost:3000", "/uploads": "http://localhost:3000" },
  },
});
