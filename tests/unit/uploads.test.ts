import { describe, expect, it } from "vitest";
import { AppError } from "../../worker/core/errors.ts";
import { imageDimensions } from "../../worker/core/images/dimensions.ts";
import { readImageUpload, sniffImageType } from "../../worker/core/images/index.ts";
import { MAX_IMAGE_BYTES } from "../../worker/core/rules/index.ts";
import { pngClaimingSize, testGif, testJpeg, testPng } from "../support/images.ts";
import { appendedPolyglot, pngWithHiddenPage } from "../support/polyglots.ts";

const png = testPng("upload");
const jpeg = testJpeg();
const gif = testGif();
const messages = { invalidType: "bad type", tooLarge: "too big", tooManyPixels: "too many pixels" };

describe("sniffImageType", () => {
  it("recognises complete PNG, JPEG and GIF files by their bytes", () => {
    expect(sniffImageType(png)).toBe("image/png");
    expect(sniffImageType(jpeg)).toBe("image/jpeg");
    expect(sniffImageType(gif)).toBe("image/gif");
  });

  it("refuses other formats, truncated images and text pretending to be an image", () => {
    expect(sniffImageType(png.subarray(0, png.length - 20))).toBeNull();
    expect(sniffImageType(jpeg.subarray(0, 10))).toBeNull();
    expect(sniffImageType(gif.subarray(0, gif.length - 1))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("GIF89a<script>alert(1)</script>"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe("polyglots", () => {
  it("refuses an image with a page appended after its end marker", () => {
    expect(sniffImageType(appendedPolyglot(png))).toBeNull();
    expect(sniffImageType(appendedPolyglot(gif))).toBeNull();
    expect(sniffImageType(appendedPolyglot(jpeg))).toBeNull();
  });

  it("takes a valid PNG with a page in a text chunk for what it is, a PNG", () => {
    expect(sniffImageType(pngWithHiddenPage(png))).toBe("image/png");
  });
});

describe("readImageUpload", () => {
  const file = (bytes: Uint8Array, name: string, type: string) => new File([bytes as BlobPart], name, { type });

  it("treats an empty file input as no upload", async () => {
    expect(await readImageUpload(new File([], "", { type: "application/octet-stream" }), messages)).toBeNull();
    expect(await readImageUpload(undefined, messages)).toBeNull();
    expect(await readImageUpload("text", messages)).toBeNull();
  });

  it("judges by bytes, not by the declared type or the name", async () => {
    await expect(readImageUpload(file(png, "photo.gif", "image/gif"), messages)).resolves.toMatchObject({
      type: "image/png",
    });
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    await expect(readImageUpload(file(html, "cat.png", "image/png"), messages)).rejects.toMatchObject({
      status: 415,
      message: "bad type",
    });
  });

  it("refuses more than 50 megapixels with 413, and a header without a size with 415", async () => {
    const claimingSize = (width: number, height: number) => pngClaimingSize(png, width, height);
    const read = (bytes: Uint8Array) => readImageUpload(file(bytes, "huge.png", "image/png"), messages);
    await expect(read(claimingSize(10_000, 5_000))).resolves.toMatchObject({ type: "image/png" });
    await expect(read(claimingSize(10_000, 5_001))).rejects.toMatchObject({ status: 413, message: "too many pixels" });
    await expect(read(claimingSize(20_000, 20_000))).rejects.toMatchObject({ status: 413 });
    await expect(read(claimingSize(0, 100))).rejects.toMatchObject({ status: 415, message: "bad type" });
  });

  it("counts a GIF's frames as well as its screen: a 1 × 1 screen may carry a huge frame", async () => {
    const read = (bytes: Uint8Array) => readImageUpload(file(bytes, "frame.gif", "image/gif"), messages);
    const withFrame = (width: number, height: number) => {
      const bytes = gif.slice();
      // The image descriptor follows the 13-byte header and screen and the 6-byte palette: at 0,0, then its size.
      const view = new DataView(bytes.buffer);
      view.setUint16(19 + 5, width, true);
      view.setUint16(19 + 7, height, true);
      return bytes;
    };
    expect(imageDimensions(gif, "image/gif")).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(withFrame(65_535, 65_535), "image/gif")).toEqual({ width: 65_535, height: 65_535 });
    await expect(read(withFrame(65_535, 65_535))).rejects.toMatchObject({ status: 413, message: "too many pixels" });
    await expect(read(withFrame(800, 600))).resolves.toMatchObject({ type: "image/gif" });
  });

  it("refuses one byte over 5 MB with 413, and a large non-image with 415", async () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(png.subarray(0, 16));
    const error = await readImageUpload(file(big, "big.png", "image/png"), messages).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 413, message: "too big" });
    await expect(
      readImageUpload(file(new Uint8Array(MAX_IMAGE_BYTES + 1), "big.png", "image/png"), messages),
    ).rejects.toMatchObject({
      status: 415,
    });
  });
});
