/**
 * SPEC.md §9 limits that both the server's checks and the browser's instant feedback use. Kept free of
 * server-only imports so client components can import it.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif"] as const;

/** Share images (a connection's, the home page's) are 1200×630, the size link previews show large. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
