import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";

/** Where the Cloudflare Vite plugin keeps the local site's R2 (its default), so the site sees what is stored here. */
const LOCAL_STATE = ".wrangler/state/v3";

export type LocalImageBucket = Awaited<ReturnType<Miniflare["getR2Bucket"]>>;

/**
 * Runs `work` on the image bucket the local site uses, opened alone: the Worker's other bindings, its Durable
 * Objects, need its own code, and wrangler's platform proxy, without it, warns that they cannot run. The bucket is
 * the one wrangler.toml names, so the site finds what is stored here.
 */
export async function withLocalImages<T>(work: (bucket: LocalImageBucket) => Promise<T>): Promise<T> {
  const [images] = unstable_readConfig({ config: "wrangler.toml" }).r2_buckets;
  if (!images?.bucket_name) throw new Error("wrangler.toml names no R2 bucket for the images.");
  const storage = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "export default {};",
      r2Buckets: { [images.binding]: images.bucket_name },
      resourcePersistencePath: LOCAL_STATE,
    }),
  );
  try {
    return await work(await storage.getR2Bucket(images.binding));
  } finally {
    await storage.dispose();
  }
}
