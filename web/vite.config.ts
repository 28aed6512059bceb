import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves web/dist and the API on one port; in development vite proxies the API.
const apiTarget = process.env.VERDICT_API ?? 'http://127.0.0.1:8080';

/** Text files worth compressing; fonts in woff/woff2 and images in png are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|ttf|otf|eot|map)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) beside every compressible file the
 * build emitted, when smaller: the server sends them to clients that accept them (koa-send), so
 * nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'verdict-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = path.join(outDir, name);
        const raw = fs.readFileSync(file);
        if (raw.length < MIN_COMPRESS_BYTES) continue;
        const br = zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        });
        const gz = zlib.gzipSync(raw, { level: 9 });
        if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // Named vendor chunks, each loaded only by the pages that use it (the code editor, the
        // statements' Markdown and KaTeX, the spreadsheet reader); what the first screen of any
        // page needs (React, the router, Ant Design's core) is one cacheable chunk; the rest of
        // Ant Design is split by the pages that use each component. Figures: docs/benchmarks.md.
        codeSplitting: {
          groups: [
            // First, so that the libraries below never take React or Ant Design's core with them.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 40 },
            // The app's own modules of the first screen (guards, client, storage, texts): one file, not many small ones.
            { name: 'app', test: /[\\/]web[\\/]src[\\/]|[\\/]packages[\\/]shared[\\/]src[\\/]/, tags: ['$initial'], priority: 35 },
            // The editor's core; each language's highlighting stays its own chunk, loaded when shown.
            {
              name: 'codemirror',
              test: pkg('@codemirror[\\\\/](state|view|language|commands|autocomplete|lint|search)|@lezer[\\\\/](common|highlight|lr)|@uiw|crelt|style-mod|w3c-keyname'),
              priority: 30,
            },
            { name: 'markdown', test: pkg('markdown-it|katex|entities|linkify-it|mdurl|uc\\.micro|punycode\\.js'), priority: 30 },
            { name: 'xlsx', test: pkg('xlsx'), priority: 30 },
          ],
        },
      },
    },
  },
});
