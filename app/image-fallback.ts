/**
 * An `onError` for images that have a stand-in (SPEC.md §2): a broken picture, poster or cover is replaced by
 * the default avatar or placeholder, once (a broken stand-in is left alone rather than retried forever). The
 * copies in `srcset` go too, or the browser would keep choosing one of them over `src`.
 */
export function fallbackTo(src: string) {
  return (event: React.SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    if (image.src.endsWith(src)) return;
    image.removeAttribute("srcset");
    image.src = src;
  };
}
