/**
 * A stand-in for an image that has one (SPEC.md §2): a broken picture, poster or cover is replaced by the default
 * avatar or placeholder, once (a broken stand-in is left alone rather than retried forever). The copies in `srcset`
 * go too, or the browser would keep choosing one of them over `src`.
 *
 * Both props are needed: `onError` for an image that fails once the page is live, and `ref` for one that failed
 * while the page was still server HTML (the first card's, fetched first): its error event fired before React was
 * listening, so on hydrating it is found finished with nothing drawn.
 */
export function fallbackTo(src: string) {
  const swap = (image: HTMLImageElement) => {
    if (image.src.endsWith(src)) return;
    image.removeAttribute("srcset");
    image.src = src;
  };
  return {
    onError: (event: React.SyntheticEvent<HTMLImageElement>) => swap(event.currentTarget),
    ref: (image: HTMLImageElement | null) => {
      if (image?.complete && image.naturalWidth === 0) swap(image);
    },
  };
}
