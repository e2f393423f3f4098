"use client";
/**
 * Light / system / dark. The choice is a cookie, so the server renders <html class="dark|light">
 * on the next load; here it is applied at once by switching the class. "System" removes both
 * classes and the CSS media query follows the operating system live.
 */
import { useSyncExternalStore } from "react";
import { parseTheme, THEME_COOKIE, type Theme } from "@/lib/ui/theme";
import { MonitorIcon, MoonIcon, SunIcon } from "@/components/ui/icons";

const listeners = new Set<() => void>();

function readTheme(): Theme {
  const match = new RegExp(`(?:^|; )${THEME_COOKIE}=([^;]*)`).exec(document.cookie);
  return parseTheme(match?.[1]);
}

function setTheme(theme: Theme) {
  const maxAge = theme === "system" ? 0 : 60 * 60 * 24 * 365;
  document.cookie = `${THEME_COOKIE}=${theme}; path=/; max-age=${maxAge}; samesite=lax`;
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  if (theme !== "system") root.classList.add(theme);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const OPTIONS: { value: Theme; label: string; Icon: typeof SunIcon }[] = [
  { value: "light", label: "Light theme", Icon: SunIcon },
  { value: "system", label: "System theme", Icon: MonitorIcon },
  { value: "dark", label: "Dark theme", Icon: MoonIcon },
];

export function ThemeToggle({ className = "" }: { className?: string }) {
  const theme = useSyncExternalStore(subscribe, readTheme, () => "system" as Theme);
  return (
    <div role="group" aria-label="Theme" className={`inline-flex rounded-lg bg-zinc-200/60 p-0.5 dark:bg-zinc-800 ${className}`}>
      {OPTIONS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={theme === value}
          aria-label={label}
          title={label}
          onClick={() => setTheme(value)}
          className={`flex size-7 items-center justify-center rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-accent-500 ${
            theme === value
              ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-zinc-100"
              : "text-zinc-500 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
          }`}
        >
          <Icon className="size-3.5" />
        </button>
      ))}
    </div>
  );
}
