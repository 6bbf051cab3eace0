import { defineConfig } from "vite";
import app from "../../vite.config.ts";

/**
 * The app's own build for the browser tests, less its brotli and gzip copies: compressing every
 * file at brotli's highest level was most of the build's time (35 of 42 s on a busy machine), and
 * the tests load the files over loopback, where the server sends the plain file when no copy
 * exists. Serving the copies is tested in src/server/http/static.test.ts; `npm run build` (and
 * `npm start`, and the Lighthouse bench, which build for themselves) still write them.
 */
export default defineConfig({
  ...app,
  plugins: [app.plugins ?? []]
    .flat(2)
    .filter((plugin) => !(plugin && typeof plugin === "object" && "name" in plugin && plugin.name === "staywise-precompress")),
});
