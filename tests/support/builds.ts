import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The build (`npm run build` output) as the next deploy's would differ for what the pages name: a copy with another
 * React Router assets version, the one its pages' HTML carries (`window.__reactRouterManifest`) and the Worker keeps
 * pages under (decision 039). Its files are the same, so both builds serve the same pages apart from that version.
 */
export interface OtherBuild {
  path: string;
  /** The assets version of the build copied, and of the copy. */
  versions: { original: string; copy: string };
  remove(): void;
}

export function copyBuildWithNewVersion(): OtherBuild {
  const serverAssets = "build/server/assets";
  const serverBuild = readdirSync(serverAssets).find((file) => /^server-build-.*\.js$/.test(file));
  if (!serverBuild) throw new Error("No server build in build/server/assets: run `npm run build` first.");
  const original = /"\/assets\/manifest-([0-9a-f]{8})\.js"/.exec(
    readFileSync(join(serverAssets, serverBuild), "utf8"),
  )?.[1];
  if (!original) throw new Error(`No assets version in ${serverBuild}.`);
  const copy = original === "0badc0de" ? "0badcafe" : "0badc0de";

  const directory = mkdtempSync(join(tmpdir(), "moviebooks-build-"));
  const path = join(directory, "build");
  cpSync("build", path, { recursive: true });
  const rewrite = (file: string) => writeFileSync(file, readFileSync(file, "utf8").replaceAll(original, copy));
  rewrite(join(path, "server/assets", serverBuild));
  const manifest = join(path, `client/assets/manifest-${original}.js`);
  rewrite(manifest);
  renameSync(manifest, join(path, `client/assets/manifest-${copy}.js`));
  return { path, versions: { original, copy }, remove: () => rmSync(directory, { recursive: true, force: true }) };
}
