import type { Metadata, Viewport } from "next";
import { cookies } from "next/headers";
import { THEME_COOKIE, parseTheme } from "@/lib/ui/theme";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Talk Todo", template: "%s · Talk Todo" },
  description: "A todo list you talk to.",
  // app/manifest.ts is linked by Next.js; these make the installed app look right on iOS too.
  applicationName: "Talk Todo",
  appleWebApp: { capable: true, title: "Talk Todo", statusBarStyle: "default" },
  icons: { apple: "/apple-touch-icon.png" },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // An explicit theme choice lives in a cookie so the server renders the right class (no flash,
  // no inline script); "system" sets no class and the CSS media query decides.
  const theme = parseTheme((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang="en" className={theme === "system" ? undefined : theme} suppressHydrationWarning>
      <body>{children}</body>
    </html>
  );
}
