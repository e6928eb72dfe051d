import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  initialsOf,
  renderAppIcon,
  renderAvatar,
  renderCover,
  renderDefaultAvatar,
  renderFavicon,
  renderMaskableIcon,
  renderPlaceholderCover,
  renderPlaceholderPoster,
  renderPoster,
  renderScreenshot,
} from "../../scripts/seed/images.ts";

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

interface PngInfo {
  width: number;
  height: number;
  colorType: number;
}

/** Checks the signature, chunk layout and that the image data inflates to the expected size. */
function readPng(bytes: Uint8Array): PngInfo {
  expect(bytes).toBeInstanceOf(Uint8Array);
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_MAGIC);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  expect(view.getUint32(8)).toBe(13);
  expect(type(12)).toBe("IHDR");
  const info = { width: view.getUint32(16), height: view.getUint32(20), colorType: bytes[25] ?? -1 };
  expect(bytes[24]).toBe(8); // bit depth
  const idat: Uint8Array[] = [];
  let offset = 8;
  let sawEnd = false;
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const chunkType = type(offset + 4);
    if (chunkType === "IDAT") idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    if (chunkType === "IEND") sawEnd = true;
    offset += 12 + length;
  }
  expect(sawEnd).toBe(true);
  expect(offset).toBe(bytes.length);
  const channels = info.colorType === 6 ? 4 : info.colorType === 2 ? 3 : 0;
  expect(channels).toBeGreaterThan(0);
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe(info.height * (info.width * channels + 1));
  return info;
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe("seed images", () => {
  it("renders 400x600 posters, deterministic per seed", () => {
    const input = {
      title: "No Country for Old Men",
      year: 2007,
      director: "Joel Coen, Ethan Coen",
      seed: "No Country for Old Men",
    };
    const a = renderPoster(input);
    expect(readPng(a)).toMatchObject({ width: 400, height: 600 });
    expect(same(a, renderPoster(input))).toBe(true);
    expect(same(a, renderPoster({ ...input, seed: "something else" }))).toBe(false);
    expect(a.length).toBeLessThan(60_000);
  });

  it("copes with long titles, missing credits and XML special characters", () => {
    const png = renderPoster({
      title:
        "Dr. Strangelove or: How I Learned to Stop Worrying & Love the <Bomb> \"quoted\" 'apos' Supercalifragilisticexpialidocious",
      year: null,
      director: "",
      seed: "x",
    });
    expect(readPng(png)).toMatchObject({ width: 400, height: 600 });
  });

  it("renders 400x600 covers, deterministic per seed", () => {
    const input = { title: "Do Androids Dream of Electric Sheep?", author: "Philip K. Dick", seed: "androids" };
    const a = renderCover(input);
    expect(readPng(a)).toMatchObject({ width: 400, height: 600 });
    expect(same(a, renderCover(input))).toBe(true);
    expect(same(a, renderCover({ ...input, seed: "sheep" }))).toBe(false);
    expect(renderCover({ title: "A & B <C>", author: "", seed: "amp" }).length).toBeGreaterThan(0);
  });

  it("renders 256x256 avatars, deterministic per input", () => {
    const a = renderAvatar({ name: "Mara Okafor", hue: 350 });
    expect(readPng(a)).toMatchObject({ width: 256, height: 256 });
    expect(same(a, renderAvatar({ name: "Mara Okafor", hue: 350 }))).toBe(true);
    expect(same(a, renderAvatar({ name: "Mara Okafor", hue: 200 }))).toBe(false);
    expect(same(a, renderAvatar({ name: "Jun Takeda", hue: 350 }))).toBe(false);
    // Names the fonts cannot draw fall back to a silhouette rather than tofu boxes.
    expect(readPng(renderAvatar({ name: "李小龙", hue: 10 }))).toMatchObject({ width: 256, height: 256 });
  });

  it("renders 800x450 screenshots, deterministic per seed", () => {
    const input = { caption: "The horror... the horror...", seed: "Apocalypse Now" };
    const a = renderScreenshot(input);
    expect(readPng(a)).toMatchObject({ width: 800, height: 450 });
    expect(same(a, renderScreenshot(input))).toBe(true);
    expect(same(a, renderScreenshot({ ...input, seed: "Stalker" }))).toBe(false);
    expect(readPng(renderScreenshot({ caption: "", seed: "empty" }))).toMatchObject({ width: 800, height: 450 });
  });

  it("renders the site's default images at their sizes, small", () => {
    const cases = [
      [renderDefaultAvatar(), 256, 256],
      [renderPlaceholderPoster(), 400, 600],
      [renderPlaceholderCover(), 400, 600],
      [renderFavicon(), 64, 64],
      [renderAppIcon(192), 192, 192],
      [renderAppIcon(512), 512, 512],
      [renderMaskableIcon(512), 512, 512],
    ] as const;
    for (const [png, width, height] of cases) {
      expect(readPng(png)).toMatchObject({ width, height });
      expect(png.length).toBeLessThan(40_000);
    }
  });

  it("picks initials", () => {
    expect(initialsOf("Mara Okafor")).toBe("MO");
    expect(initialsOf("Inès Laurent")).toBe("IL");
    expect(initialsOf("quietmarginalia")).toBe("Q");
    expect(initialsOf("paperback_dad")).toBe("PD");
    expect(initialsOf("李小龙")).toBe("");
  });
});
