// Post-build steps over the built site, run by site_build/build.py (postbuild):
//
// 1. The service worker (Workbox's generateSW): one file at the site's root that precaches
//    every page, asset, Pyodide and the engine wheel, so that after one visit every page and
//    every roller works offline. Each entry carries a revision (a hash of its bytes) except
//    the files whose address already changes with their content (IMMUTABLE): a new build
//    brings a new worker, which downloads only what changed and, once it takes over, drops
//    the entries the old build had.
// 2. Precompressed copies: FILE.gz and FILE.br beside each file that compresses, each only
//    where it saves something (site_build/serve.py sends them by Accept-Encoding; any static
//    host that knows precompressed files can too, and one that does not serves the plain
//    files). Compressed bytes are kept in a cache folder by the hash of the input, so the
//    slow Brotli runs over Pyodide's 9.6 MB wasm happen once per machine, not per build
//    (copies unused for two weeks are pruned).
//
// Usage: node postbuild.mjs --site DIR --cache DIR --sw sw.js --immutable REGEX
// Prints a JSON report on stdout; fails (exit 1) on any Workbox warning.

import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { generateSW } from "workbox-build";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

// Files worth compressing (the rest are compressed already: images, fonts). The engine wheel
// and Pyodide's standard library are zips stored uncompressed (site_build/build.py) for this.
const COMPRESSIBLE = /\.(html|css|js|mjs|json|map|svg|xml|txt|wasm|zip|whl|webmanifest)$/;
// A copy is kept only when it saves at least this fraction of the file.
const MIN_SAVING = 0.05;
const MIN_SIZE = 512;
// Bump when the compression settings change, so cached copies are made again.
const SETTINGS = "gzip9-brotli11-v1";

function args(argv) {
  const found = {};
  for (let i = 0; i < argv.length; i += 2) found[argv[i].replace(/^--/, "")] = argv[i + 1];
  for (const name of ["site", "cache", "sw", "immutable"]) {
    if (!found[name]) throw new Error(`missing --${name}`);
  }
  return found;
}

async function serviceWorker(site, swName, immutable) {
  const { count, size, warnings } = await generateSW({
    globDirectory: site,
    globPatterns: ["**/*.{html,css,js,mjs,json,wasm,zip,whl,svg,png,ico,webmanifest,xml}"],
    globIgnores: [
      swName,
      "**/*.map",
      // Search stemmers for other languages: the English search needs none of them.
      "assets/javascripts/lunr/**",
    ],
    swDest: path.join(site, swName),
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: "production",
    cacheId: "dice-srd",
    // Pyodide's wasm is 9.6 MB: without this it would be left out (with only a warning).
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
    // Hashed addresses need no revision, so the worker may take them from the HTTP cache
    // (the engine has usually just fetched them) instead of downloading them again.
    dontCacheBustURLsMatching: new RegExp(immutable),
    // A permalink (?seed=…&…) is its page: the query never names another file.
    ignoreURLParametersMatching: [/.*/],
    directoryIndex: "index.html",
    // An address the site does not have: the network's answer, and offline the site's own
    // "not found" page instead of the browser's offline page.
    runtimeCaching: [{
      urlPattern: ({ request }) => request.mode === "navigate",
      handler: "NetworkOnly",
      options: { precacheFallback: { fallbackURL: "404.html" } },
    }],
    // The first visit is controlled at once (its links and its engine then use the cache).
    // A new build's worker waits until the page asks it to take over (sw-register.js),
    // so no page ever mixes two builds.
    clientsClaim: true,
    skipWaiting: false,
    cleanupOutdatedCaches: true,
  });
  if (warnings.length) throw new Error(`workbox-build warnings:\n${warnings.join("\n")}`);
  return { count, size };
}

async function* walk(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

const ENCODERS = {
  gz: (data) => gzip(data, { level: 9 }),
  br: (data) => brotli(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }),
};

// The compressed bytes of `data`, or null when they do not save enough; from the cache if
// this input was compressed before.
async function compressed(data, encoding, cacheDir) {
  const key = createHash("sha256").update(SETTINGS).update(data).digest("hex");
  const file = path.join(cacheDir, `${key}.${encoding}`);
  try {
    const cached = await fs.readFile(file);
    const now = new Date();
    await fs.utimes(file, now, now); // in use: kept by prune()
    return cached.length ? cached : null;
  } catch {
    // not cached yet
  }
  let out = await ENCODERS[encoding](data);
  if (out.length > data.length * (1 - MIN_SAVING)) out = null;
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, out || Buffer.alloc(0));
  await fs.rename(tmp, file);
  return out;
}

async function precompress(site, cacheDir) {
  await fs.mkdir(cacheDir, { recursive: true });
  const jobs = [];
  for await (const file of walk(site)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push((async () => {
      const data = await fs.readFile(file);
      const written = { file: path.relative(site, file), size: data.length };
      if (data.length < MIN_SIZE) return written;
      for (const encoding of Object.keys(ENCODERS)) {
        const out = await compressed(data, encoding, cacheDir);
        if (out) {
          await fs.writeFile(`${file}.${encoding}`, out);
          written[encoding] = out.length;
        }
      }
      return written;
    })());
  }
  return Promise.all(jobs);
}

// Each build's pages differ (the address they are built for is in them): copies no build
// has used for PRUNE_DAYS go, so the cache does not grow without end.
const PRUNE_DAYS = 14;
async function prune(cacheDir) {
  const limit = Date.now() - PRUNE_DAYS * 24 * 3600 * 1000;
  for (const name of await fs.readdir(cacheDir)) {
    const file = path.join(cacheDir, name);
    try {
      if ((await fs.stat(file)).mtimeMs < limit) await fs.unlink(file);
    } catch {
      // gone already (another build pruning at the same time)
    }
  }
}

async function main() {
  const { site, cache, sw, immutable } = args(process.argv.slice(2));
  const worker = await serviceWorker(site, sw, immutable);
  const files = await precompress(site, cache);
  await prune(cache);
  process.stdout.write(JSON.stringify({ serviceWorker: worker, files }) + "\n");
}

main().catch((error) => {
  console.error(error && error.stack ? error.stack : String(error));
  process.exit(1);
});
