import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./precompress.ts";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  environments: {
    client: {
      build: {
        // Which CSS each lazy page chunk needs: the website's server renderer links it in the page head,
        // so server-rendered pages are styled before their chunk loads (packages/server/src/http/website-pages.ts).
        manifest: true,
        rolldownOptions: {
          // The SPA, and the respondent page: a separate light entry without antd (src/answer).
          input: { index: "index.html", answer: "answer.html" },
        },
      },
    },
    // Server renderers: the respondent page (loaded by the server's answer-pages.ts) and the public site
    // (src/website, loaded by website-pages.ts).
    ssr: {
      // Vite leaves NODE_ENV to the runtime in server bundles; the renderers are built for production only,
      // so React's production server build (not its development one) is bundled and run. (Text typed before
      // hydration, once lost with it, is kept by the page itself: src/answer/lib/early-input.ts.)
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        outDir: "dist/server",
        emptyOutDir: false,
        copyPublicDir: false,
        rolldownOptions: {
          input: { "answer-ssr": "src/answer/ssr.tsx", "website-ssr": "src/website/ssr.tsx" },
          output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
        },
      },
    },
  },
  // The renderer is self-contained (React, core, zod bundled in): the server imports it from wherever
  // WEB_DIST points, which need not sit above this repository's node_modules.
  ssr: { noExternal: true },
  // `vite build` builds the browser bundles first (emptying dist/), then the renderer into dist/server.
  builder: {
    async buildApp(builder) {
      const { client, ssr } = builder.environments;
      if (client) {
        await builder.build(client);
        await precompress(path.resolve(client.config.root, client.config.build.outDir));
      }
      if (ssr) await builder.build(ssr);
    },
  },
  server: {
    proxy: { "/wjgj": { target: "http://localhost:8080", changeOrigin: true } },
  },
});
