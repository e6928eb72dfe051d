import { responsiveImage } from "../../worker/core/rules/image-variants.ts";
import { fallbackTo } from "../image-fallback.ts";

/**
 * A stored image at the size the layout shows it (decision 036): its WebP copies in `srcset`, with `sizes` telling
 * the browser how wide it is drawn, and a fixed `width` and `height` so nothing moves when it arrives (the CSS
 * crops it to that box). Below the fold it loads lazily; the page's largest picture (`priority`) loads first. A
 * missing or broken image shows `fallback` when there is one (SPEC.md §2: a picture, poster or cover).
 */
export function ResponsiveImage({
  url,
  fallback,
  width,
  height,
  sizes = `${width}px`,
  alt = "",
  priority,
  eager = priority,
  className,
}: {
  url: string | null | undefined;
  fallback?: string;
  width: number;
  height: number;
  sizes?: string;
  alt?: string;
  /** The page's largest picture, in view at once: fetched before anything else, never lazily. */
  priority?: boolean;
  /** In view at once (e.g. the first card's other pictures), but not the one to hurry. */
  eager?: boolean;
  className?: string;
}) {
  const { src, srcSet } = responsiveImage(url || fallback || "");
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? undefined : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      {...(fallback ? fallbackTo(fallback) : {})}
    />
  );
}
