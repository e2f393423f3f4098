import { ThemeToggle } from "@/components/ui/theme-toggle";
import { SparkIcon } from "@/components/ui/icons";

/** The signed-out pages' frame. Sign-in and sign-up send a signed-in visitor on to the app themselves. */
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col bg-zinc-50 dark:bg-zinc-950">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-accent-100/70 to-transparent dark:from-accent-500/10"
        aria-hidden="true"
      />
      <header className="relative flex items-center justify-between px-5 py-4">
        <span className="flex items-center gap-2 text-[15px] font-semibold tracking-tight">
          <span
            className="flex size-7 items-center justify-center rounded-lg bg-gradient-to-br from-accent-500 to-violet-500 text-white"
            aria-hidden="true"
          >
            <SparkIcon className="size-4" />
          </span>
          Talk Todo
        </span>
        <ThemeToggle />
      </header>
      <main className="relative flex flex-1 items-start justify-center px-4 pt-[8vh] pb-16">
        <div className="w-full max-w-sm">{children}</div>
      </main>
    </div>
  );
}
