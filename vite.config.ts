import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [
    // File-based routes with automatic code splitting: every screen is its own chunk.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: fileURLToPath(new URL("./src/client/routes", import.meta.url)),
      generatedRouteTree: fileURLToPath(new URL("./src/client/routeTree.gen.ts", import.meta.url)),
      routeFileIgnorePrefix: "-",
      quoteStyle: "double",
    }),
    react(),
    tailwindcss(),
  ],
  resolve: {
    alias: [
      { find: "@shared", replacement: fileURLToPath(new URL("./src/shared", import.meta.url)) },
      { find: "@", replacement: fileURLToPath(new URL("./src/client", import.meta.url)) },
      // The shared CSV writer imports csv-stringify's Node build, which needs the global Buffer; the browser gets
      // the package's own browser build of the same function (src/shared/csv.ts).
      { find: /^csv-stringify\/sync$/, replacement: "csv-stringify/browser/esm/sync" },
    ],
  },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    // bench/ reads the manifest to weigh exactly the chunks the dashboard loads.
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: {
      "/api": `http://localhost:${serverPort}`,
      "/trpc": `http://localhost:${serverPort}`,
      "/files": `http://localhost:${serverPort}`,
    },
  },
});
