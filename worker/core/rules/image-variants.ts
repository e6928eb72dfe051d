/**
 * Every uploaded image is also kept as WebP copies at these widths (decision 036), stored beside it under its own
 * key as prefix (`posters/<id>.jpg/400.webp`), so pages list them in `srcset` from the image's URL alone, with no
 * query. A copy is never wider than the image: a small image's wider copies are the image's own size.
 */
export const IMAGE_VARIANT_WIDTHS = [200, 400, 800] as const;

/** The folders of uploaded images (the R2 keys' first segment); only their images have copies. */
export const UPLOADED_IMAGE_FOLDERS = ["posters", "covers", "screenshots", "avatars"] as const;

const UPLOADED_IMAGE = new RegExp(`/images/(?:${UPLOADED_IMAGE_FOLDERS.join("|")})/[^/]+$`);

/** Where the copy of an image (its R2 key or its URL) at `width` is. */
export function imageVariantPath(original: string, width: number): string {
  return `${original}/${width}.webp`;
}

/**
 * What an `<img>` needs for an image URL: an uploaded image's copies as `srcSet`, with the middle one as `src` for
 * browsers that ignore `srcset`; any other URL (a placeholder, the default avatar, an outside picture) as it is.
 */
export function responsiveImage(url: string): { src: string; srcSet?: string } {
  if (!UPLOADED_IMAGE.test(url)) return { src: url };
  const middle = IMAGE_VARIANT_WIDTHS[Math.floor(IMAGE_VARIANT_WIDTHS.length / 2)] ?? IMAGE_VARIANT_WIDTHS[0];
  return {
    src: imageVariantPath(url, middle),
    srcSet: IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantPath(url, width)} ${width}w`).join(", "),
  };
}
