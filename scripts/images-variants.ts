/**
 * `npm run images:variants [-- --remote]`: gives every uploaded image in R2 the WebP copies uploads now get
 * (decision 036): images stored before copies existed, and images the Worker stored without copies because they
 * were larger than it decodes (over WORKER_MAX_VARIANT_PIXELS). Idempotent and resumable: each image is done on its
 * own, so a stopped run is finished by running it again, and a run with nothing to do only lists the bucket.
 *
 * Without flags it works on the local bucket `npm start` uses (.wrangler/state/v3). With `--remote` it works on the
 * deployed bucket named in wrangler.toml, through Wrangler's remote bindings: log in first (`npx wrangler login`, or
 * CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID). The copies are made here, in Node, not in the Worker.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { addMissingVariants, type ListedBucket } from "../worker/core/images/index.ts";
import { withLocalImages } from "./local-images.ts";

/** Node has the memory the Worker lacks; this only keeps a corrupt header from asking for absurd allocations. */
const MAX_PIXELS = 100_000_000;

const remote = process.argv.includes("--remote");
const unknown = process.argv.slice(2).filter((argument) => argument !== "--remote");
if (unknown.length) {
  console.error(`Unknown argument(s): ${unknown.join(" ")}\nUsage: npm run images:variants [-- --remote]`);
  process.exit(2);
}

if (remote) {
  const temporary = mkdtempSync(path.join(os.tmpdir(), "moviebooks-variants-"));
  const platform = await getPlatformProxy<{ IMAGES: R2Bucket }>({
    configPath: remoteConfig(temporary),
    remoteBindings: true,
  });
  try {
    await convert("deployed", platform.env.IMAGES);
  } finally {
    await platform.dispose();
    rmSync(temporary, { recursive: true, force: true });
  }
} else {
  await withLocalImages((bucket) => convert("local", bucket));
}

async function convert(which: string, bucket: ListedBucket) {
  console.log(`Converting the ${which} image bucket…`);
  const started = performance.now();
  const report = await addMissingVariants(bucket, { maxPixels: MAX_PIXELS, log: console.log });
  console.log(
    `${report.images} images: ${report.converted} given their copies, ${report.alreadyDone} already had them, ` +
      `${report.skipped.length} skipped (${((performance.now() - started) / 1000).toFixed(0)} s).`,
  );
  for (const key of report.skipped) console.log(`  skipped: ${key}`);
}

/** A configuration with only the image bucket, marked remote, so nothing else of the deployment is touched. */
function remoteConfig(directory: string): string {
  const config = unstable_readConfig({ config: "wrangler.toml" });
  const bucket = config.r2_buckets.find((binding: { binding: string }) => binding.binding === "IMAGES");
  if (!bucket?.bucket_name) throw new Error("wrangler.toml names no IMAGES bucket");
  const file = path.join(directory, "wrangler.json");
  writeFileSync(
    file,
    JSON.stringify({
      name: config.name,
      compatibility_date: config.compatibility_date,
      r2_buckets: [{ binding: "IMAGES", bucket_name: bucket.bucket_name, remote: true }],
    }),
  );
  return file;
}
