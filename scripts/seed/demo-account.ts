/**
 * The demo login (docs/decisions/004-demo-seed.md): the seed's first member has this email and every demo member
 * this password. `npm start` prints them, and tests that sign in to a seeded site read them from here.
 */
export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "moviebooks";
/** The seed's moderator (mod_rowan), with the same password: /moderation has reports waiting on first start. */
export const MODERATOR_EMAIL = "moderator@example.com";
