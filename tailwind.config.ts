/**
 * The design tokens, in one place: colours, radii and fonts. Tailwind 4 loads this file through
 * `@config` in app/globals.css; components use the names below (`bg-accent-600`, `rounded-card`,
 * `font-sans`), so changing a value here changes it everywhere.
 */
import type { Config } from "tailwindcss";
import colors from "tailwindcss/colors";

export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        // The brand colour: buttons, links, focus rings, the user's chat bubbles.
        accent: colors.indigo,
      },
      borderRadius: {
        card: "1rem", // cards, dialogs, the composer
      },
      fontFamily: {
        sans: [
          "ui-sans-serif",
          "system-ui",
          "-apple-system",
          '"Segoe UI"',
          "Roboto",
          '"Helvetica Neue"',
          '"Noto Sans"',
          "Arial",
          "sans-serif",
          '"Apple Color Emoji"',
          '"Segoe UI Emoji"',
        ],
        mono: ["ui-monospace", "SFMono-Regular", "Menlo", "Monaco", "Consolas", '"Liberation Mono"', "monospace"],
      },
    },
  },
} satisfies Config;
