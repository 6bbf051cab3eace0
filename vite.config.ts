import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

export default defineConfig({
  root: "src/client",
  publicDir: false,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    reportCompressedSize: true,
  },
  server: {
    proxy: { "/api": "http://localhost:3000", "/images": "http://localhost:3000", "/uploads": "http://localhost:3000" },
  },
});
