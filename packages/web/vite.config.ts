import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { localiseDeps } from "./localise-deps.ts";
import { preactForAnswer } from "./preact-for-answer.ts";
import { precompress } from "./precompress.ts";

/**
 * Where the build goes: dist/ (which the server serves), or elsewhere for a benchmark of a variant that must not
 * replace the build a running server or journey uses.
 */
const outDir = process.env.WEB_OUT_DIR ?? "dist";

/** Where the respondent page's build writes its manifest (the server reads it: answer-pages.ts ANSWER_MANIFEST). */
export const ANSWER_MANIFEST = ".vite/answer-manifest.json";

/** A server renderer's build: one entry into `<outDir>/server`, beside the other renderer. */
function serverRenderer(name: string, entry: string, chunkFileNames: string) {
  return {
    // Vite leaves NODE_ENV to the runtime in server bundles; the renderers are built for production only, so the
    // production server build of React or Preact (not a development one) is bundled and run. (Text typed before
    // hydration, once lost with it, is kept by the page itself: src/answer/lib/early-input.ts.)
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir: `${outDir}/server`,
      emptyOutDir: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: { [name]: entry },
        output: { entryFileNames: "[name].js", chunkFileNames },
      },
    },
  };
}

export default defineConfig({
  plugins: [localiseDeps(), preactForAnswer(), react()],
  resolve: {
    // The icons' ES build in every environment: under Node's conditions the package's entry is its CommonJS build
    // (index.mjs re-exports lib/), so the site's server renderer bundled our icons from lib/ and antd's own from es/,
    // two copies, and drew our icons with labels the build's rewrite (localise-deps.ts, made for es/) never saw.
    alias: [{ find: /^@ant-design\/icons$/, replacement: "@ant-design/icons/es" }],
  },
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  environments: {
    client: {
      build: {
        // Which CSS each lazy page chunk needs: the website's server renderer links it in the page head,
        // so server-rendered pages are styled before their chunk loads (packages/server/src/http/website-pages.ts).
        manifest: true,
        // The SPA; the respondent page is the next environment.
        rolldownOptions: {
          input: { index: "index.html" },
        },
      },
    },
    // The respondent page: a separate light entry without antd (src/answer), on Preact (preact-for-answer.ts),
    // written into the same directory after the SPA, with a manifest of its own.
    answer: {
      consumer: "client",
      build: {
        outDir,
        emptyOutDir: false,
        copyPublicDir: false,
        manifest: ANSWER_MANIFEST,
        rolldownOptions: { input: { answer: "answer.html" } },
      },
    },
    // The public site's server renderer (src/website, loaded by the server's website-pages.ts).
    ssr: serverRenderer("website-ssr", "src/website/ssr.tsx", "[name]-[hash].js"),
    // The respondent page's renderer, on Preact like its browser bundle, so hydration finds its own markup.
    answerSsr: {
      consumer: "server",
      resolve: { noExternal: true },
      ...serverRenderer("answer-ssr", "src/answer/ssr.tsx", "answer-[name]-[hash].js"),
    },
  },
  // The renderers are self-contained (React or Preact, core, zod bundled in): the server imports them from wherever
  // WEB_DIST points, which need not sit above this repository's node_modules.
  ssr: { noExternal: true },
  // `vite build` builds the browser bundles first (the SPA's emptying dist/), then the renderers into dist/server.
  builder: {
    async buildApp(builder) {
      const { client, answer, ssr, answerSsr } = builder.environments;
      if (client) await builder.build(client);
      if (answer) await builder.build(answer);
      if (client) await precompress(path.resolve(client.config.root, client.config.build.outDir));
      if (ssr) await builder.build(ssr);
      if (answerSsr) await builder.build(answerSsr);
    },
  },
  server: {
    proxy: { "/wjgj": { target: "http://localhost:8080", changeOrigin: true } },
  },
});
