/** Product-wide facts shown on several pages (SPEC.md §1, §9). */
export const SITE_NAME = "MovieBooks";
export const SITE_LABEL = "BETA";
export const SITE_TAGLINE = "Where movies and books meet.";
export const SITE_DESCRIPTION =
  "A community for connecting movies and books: adaptations, shared themes, and the scenes where characters read.";
export const CONTACT_EMAIL = "hello@moviebooks.app";

export const DEFAULT_AVATAR = "/images/default-avatar.png";
export const PLACEHOLDER_POSTER = "/placeholder-poster.png";
export const PLACEHOLDER_COVER = "/placeholder-cover.png";
