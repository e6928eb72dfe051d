import { DEFAULT_AVATAR } from "../site.ts";
import { ResponsiveImage } from "./responsive-image.tsx";

/**
 * A member's picture, else (or when it does not load) the default avatar (SPEC.md §2). Decorative: the name is
 * beside it. Lazy unless `eager` (the pictures at the top of a page).
 */
export function Avatar({
  url,
  size,
  className,
  eager,
}: {
  url: string | null | undefined;
  size: number;
  className?: string;
  eager?: boolean;
}) {
  return (
    <ResponsiveImage
      className={className ? `avatar ${className}` : "avatar"}
      url={url}
      fallback={DEFAULT_AVATAR}
      width={size}
      height={size}
      eager={eager}
    />
  );
}
