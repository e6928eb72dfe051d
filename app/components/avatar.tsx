import { fallbackTo } from "../image-fallback.ts";
import { DEFAULT_AVATAR } from "../site.ts";

/** A member's picture, else (or when it does not load) the default avatar (SPEC.md §2). Decorative: the name is beside it. */
export function Avatar({ url, size, className }: { url: string | null | undefined; size: number; className?: string }) {
  return (
    <img
      className={className ? `avatar ${className}` : "avatar"}
      src={url || DEFAULT_AVATAR}
      onError={fallbackTo(DEFAULT_AVATAR)}
      alt=""
      width={size}
      height={size}
    />
  );
}
