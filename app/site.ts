/** Product-wide facts shown on several pages (SPEC.md §1, §9). */
export const SITE_NAME = "MovieBooks";
export const SITE_LABEL = "BETA";
export const SITE_TAGLINE = "Where movies and books meet.";
export const SITE_DESCRIPTION =
  "A community for connecting movies and books: adaptations, shared themes, and the scenes where characters read.";
/** The home page's description for search results and previews. */
export const HOME_DESCRIPTION =
  "Find the book behind the film and the film that answers a novel. Readers and moviegoers share adaptations, " +
  "shared themes and scenes where characters read, then discuss and vote: book or film?";
/** The home page's 1200×630 share image, rendered once by `scripts/seed/make-default-images.ts`. */
export const SITE_IMAGE = "/share.png";
export const CONTACT_EMAIL = "hello@moviebooks.app";

export const DEFAULT_AVATAR = "/images/default-avatar.png";
export const PLACEHOLDER_POSTER = "/placeholder-poster.png";
export const PLACEHOLDER_COVER = "/placeholder-cover.png";
