/**
 * An `onError` for images that have a stand-in (SPEC.md §2): a broken picture, poster or cover is replaced by
 * the default avatar or placeholder, once (a broken stand-in is left alone rather than retried forever).
 */
export function fallbackTo(src: string) {
  return (event: React.SyntheticEvent<HTMLImageElement>) => {
    if (!event.currentTarget.src.endsWith(src)) event.currentTarget.src = src;
  };
}
