/** The theme choice, shared by the root layout (server) and the toggle (client). */
export type Theme = "light" | "system" | "dark";
export const THEME_COOKIE = "theme";

export function parseTheme(value: string | undefined | null): Theme {
  return value === "light" || value === "dark" ? value : "system";
}
