import { readdirSync, readFileSync } from "node:fs";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";

/**
 * Runs the built Worker (`npm run build` output) inside workerd through Miniflare, with real R2 (on disk, in
 * Miniflare's temporary directory unless `storage` names one) and the given libSQL URL. Configuration comes from
 * the build's own wrangler.json, so tests exercise what would be deployed.
 */
export interface RunningWorker {
  url: string;
  miniflare: Miniflare;
  bucket: Awaited<ReturnType<Miniflare["getR2Bucket"]>>;
  /** What the Worker has logged at error or warning level so far, oldest first (also printed, as Miniflare does). */
  errorsLogged: string[];
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = "test-secret-for-integration-tests-only-0123456789";

/**
 * Tests never reach the network: unless a test points them at its fakes (tests/support/fake-providers.ts), the
 * title providers live at a closed local port, so every lookup is answered by the local catalog alone.
 */
const CLOSED_PORT = "http://127.0.0.1:9";
export const OFFLINE_PROVIDERS = {
  TMDB_API_URL: CLOSED_PORT,
  TMDB_IMAGE_URL: CLOSED_PORT,
  OPEN_LIBRARY_URL: CLOSED_PORT,
  OPEN_LIBRARY_COVERS_URL: CLOSED_PORT,
  WIKIDATA_URL: CLOSED_PORT,
};

export async function startWorker(options: {
  databaseUrl: string;
  vars?: Record<string, string>;
  /** Where R2, the Durable Objects and the edge cache keep their data (Miniflare's persistence directory). */
  storage?: string;
  /** The port to listen on (any free one unless given): the edge cache keys what it keeps by the site's origin. */
  port?: number;
  /** The build to run (`npm run build` output, `build` unless a test made another: tests/support/builds.ts). */
  build?: string;
}): Promise<RunningWorker> {
  const build = options.build ?? "build";
  const config = JSON.parse(readFileSync(`${build}/server/wrangler.json`, "utf8")) as {
    compatibility_date: string;
    compatibility_flags: string[];
    r2_buckets: Array<{ binding: string }>;
    durable_objects: { bindings: Array<{ name: string; class_name: string }> };
    migrations: Array<{ new_sqlite_classes?: string[] }>;
  };
  const sqliteClasses = new Set(config.migrations.flatMap((migration) => migration.new_sqlite_classes ?? []));
  const errorsLogged: string[] = [];
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: options.port ?? 0,
      resourcePersistencePath: options.storage,
      modules: serverModules(build),
      modulesRoot: `${build}/server`,
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags,
      // Mail goes to the development outbox, as under `npm start`, unless a test configures a provider.
      bindings: {
        DATABASE_URL: options.databaseUrl,
        JWT_SECRET: TEST_JWT_SECRET,
        MAIL_OUTBOX: "on",
        ...OFFLINE_PROVIDERS,
        ...options.vars,
      },
      r2Buckets: config.r2_buckets.map((bucket) => bucket.binding),
      // The attempt ledgers (decision 027): each test file counts its own attempts.
      durableObjects: Object.fromEntries(
        config.durable_objects.bindings.map(({ name, class_name }) => [
          name,
          { className: class_name, useSQLite: sqliteClasses.has(class_name) },
        ]),
      ),
      assets: { directory: `${build}/client`, routerConfig: { has_user_worker: true } },
      handleStructuredLogs: ({ level, message }) => {
        if (level !== "error" && level !== "warn") return console.log(message);
        errorsLogged.push(message);
        console.error(message);
      },
    }),
  );
  const url = (await miniflare.ready).origin;
  const bucket = await miniflare.getR2Bucket("IMAGES");
  return { url, miniflare, bucket, errorsLogged, close: () => miniflare.dispose() };
}

/** How workerd loads each kind of file the build emits (the Cloudflare plugin's module rules). */
const MODULE_TYPES = { ".js": "ESModule", ".wasm": "CompiledWasm", ".bin": "Data" } as const;

/**
 * The build's entry module first, then every chunk and additional module (resvg's WebAssembly, the share images'
 * fonts) it may import: workerd needs them listed up front.
 */
function serverModules(build: string) {
  const modules = readdirSync(`${build}/server/assets`).flatMap((file) => {
    const type = Object.entries(MODULE_TYPES).find(([extension]) => file.endsWith(extension))?.[1];
    return type ? [{ type, path: `${build}/server/assets/${file}` }] : [];
  });
  return [{ type: "ESModule" as const, path: `${build}/server/index.js` }, ...modules];
}
