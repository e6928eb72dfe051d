/**
 * The colour theme a member or visitor picked (decision 035): `system` follows the device's setting through CSS
 * alone, `light` and `dark` pin one. Client-safe: the footer's switch and the layout read these.
 */
export const THEMES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEMES)[number];
/** What the page renders as `data-theme` on <html>: a pinned theme, or null to follow the system. */
export type PinnedTheme = Exclude<ThemeChoice, "system">;

export const THEME_LABELS: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };

/** The fetcher key of the footer's switch, so the layout can apply a choice before the server has answered. */
export const THEME_FETCHER = "theme";

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** A choice as the `data-theme` value it renders: `system` renders none. */
export function pinnedTheme(choice: unknown): PinnedTheme | null {
  return choice === "light" || choice === "dark" ? choice : null;
}
