import Link from "next/link";
import { requirePageUser } from "@/lib/ui/server/session";
import { accountOverview } from "@/lib/auth/users";
import { enabledSsoProviders } from "@/lib/auth/sso";
import { ReauthProvider } from "@/components/settings/reauth";
import { SignInMethods } from "@/components/settings/sign-in-methods";
import { signOutAction, signOutEverywhereAction } from "@/lib/ui/server/actions";
import { PasswordForm } from "@/components/settings/password-form";
import { DataTransfer } from "@/components/settings/data-transfer";
import { DeleteAccount } from "@/components/settings/delete-account";
import { SessionKeepAlive } from "@/components/session-keep-alive";
import { ActivityList } from "@/components/activity/activity-list";
import { TimeZoneForm } from "@/components/settings/time-zone-form";
import { TokenManager } from "@/components/settings/token-manager";
import { CalendarFeedManager } from "@/components/settings/calendar-feed";
import { ReminderSettings } from "@/components/settings/reminder-settings";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import { buttonClass } from "@/components/ui/button";
import { ArrowLeftIcon, LogOutIcon } from "@/components/ui/icons";

export const metadata = { title: "Settings" };

type Props = { searchParams: Promise<{ linked?: string | string[]; link_error?: string | string[] }> };

export default async function SettingsPage({ searchParams }: Props) {
  const user = await requirePageUser();
  const account = await accountOverview({ id: user.id });
  const withPassword = account?.hasPassword ?? false;
  const providers = enabledSsoProviders();
  const { linked, link_error: linkError } = await searchParams;
  return (
    <div className="min-h-dvh bg-zinc-50 dark:bg-zinc-950">
      <header className="sticky top-0 z-10 border-b border-zinc-200 bg-white/80 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/80">
        <div className="mx-auto flex h-14 max-w-2xl items-center gap-3 px-4">
          <Link href="/" className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-2 px-2" })}>
            <ArrowLeftIcon className="size-4" /> Back to chat
          </Link>
          <div className="ml-auto">
            <ThemeToggle />
          </div>
        </div>
      </header>
      <ReauthProvider hasPassword={withPassword} providers={providers.filter((p) => account?.identities.some((i) => i.provider === p.id))}>
        <main className="mx-auto max-w-2xl space-y-6 px-4 py-8">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">Signed in as {user.email}</p>
          </div>
          <section
            aria-labelledby="signin-title"
            className="rounded-card border border-zinc-200 bg-white p-5 shadow-xs sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <h2 id="signin-title" className="text-base font-semibold">
              Email and sign-in
            </h2>
            <SignInMethods
              email={account?.email ?? user.email}
              emailVerified={account?.emailVerified ?? false}
              linked={account?.identities.map((i) => i.provider) ?? []}
              providers={providers}
              linkedNow={typeof linked === "string" ? linked : undefined}
              linkError={typeof linkError === "string" ? linkError : undefined}
            />
          </section>
          <section
            aria-labelledby="tz-title"
            className="rounded-card border border-zinc-200 bg-white p-5 shadow-xs sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <h2 id="tz-title" className="text-base font-semibold">
              Time zone
            </h2>
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
              Used for “today”, “tomorrow” and “by Friday”, and for the due-date filters.
            </p>
            <TimeZoneForm current={user.timezone} />
          </section>
          <section
            aria-labelledby="reminders-title"
            className="rounded-card border border-zinc-200 bg-white p-5 shadow-xs sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <h2 id="reminders-title" className="text-base font-semibold">
              Reminders
            </h2>
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
              Get your reminders when the app is closed: as notifications on your devices, by e-mail, or both.
            </p>
            <ReminderSettings />
          </section>
          <section
            aria-labelledby="calendar-title"
            className="rounded-card border border-zinc-200 bg-white p-5 shadow-xs sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <h2 id="calendar-title" className="text-base font-semibold">
              Calendar feed
            </h2>
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
              A private link that calendar apps (Google Calendar, Apple Calendar, Outlook) subscribe to: your dated tasks appear as events,
              repeating ones repeat, and reminders become alerts on your phone.
            </p>
            <CalendarFeedManager />
          </section>
          <section
            aria-labelledby="tokens-title"
            className="rounded-card border border-zinc-200 bg-white p-5 shadow-xs sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <h2 id="tokens-title" className="text-base font-semibold">
              Personal access tokens
            </h2>
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
              Let scripts and MCP clients (Claude Desktop, Cursor…) manage your tasks with{" "}
              <code className="rounded bg-zinc-100 px-1 text-xs text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
                Authorization: Bearer …
              </code>
              . Treat a token like a password.
            </p>
            <TokenManager />
          </section>
          <section
            aria-labelledby="activity-title"
            className="rounded-card border border-zinc-200 bg-white p-5 shadow-xs sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <h2 id="activity-title" className="text-base font-semibold">
              Recent changes
            </h2>
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
              Every change to your tasks — by you, the assistant, a script or an MCP client. Undo puts things back as they were; a task
              changed since is left alone.
            </p>
            <ActivityList />
          </section>
          <section
            aria-labelledby="data-title"
            className="rounded-card border border-zinc-200 bg-white p-5 shadow-xs sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <h2 id="data-title" className="text-base font-semibold">
              Your data
            </h2>
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
              Take your tasks and conversations with you, or bring tasks from elsewhere.
            </p>
            <DataTransfer />
          </section>
          <section
            aria-labelledby="password-title"
            className="rounded-card border border-zinc-200 bg-white p-5 shadow-xs sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <h2 id="password-title" className="text-base font-semibold">
              Password
            </h2>
            {withPassword ? (
              <>
                <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
                  Changing it signs you out on every other browser and device.
                </p>
                <PasswordForm />
              </>
            ) : (
              <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
                You sign in with single sign-on, so this account has no password. To add one, sign out and use “Forgot password?” on the
                sign-in page.
              </p>
            )}
          </section>
          <section
            aria-labelledby="sessions-title"
            className="rounded-card border border-zinc-200 bg-white p-5 shadow-xs sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <h2 id="sessions-title" className="text-base font-semibold">
              Sessions
            </h2>
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
              You stay signed in for 7 days after you last used the app. Lost a device, or signed in somewhere public? End every session at
              once (access tokens keep working; revoke them above).
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <form action={signOutAction}>
                <button type="submit" className={buttonClass({ variant: "secondary" })}>
                  <LogOutIcon className="size-4" /> Sign out
                </button>
              </form>
              <form action={signOutEverywhereAction}>
                <button type="submit" className={buttonClass({ variant: "secondary" })}>
                  <LogOutIcon className="size-4" /> Sign out everywhere
                </button>
              </form>
            </div>
          </section>
          <section
            aria-labelledby="delete-title"
            className="rounded-card border border-red-200 bg-white p-5 shadow-xs sm:p-6 dark:border-red-500/30 dark:bg-zinc-900"
          >
            <h2 id="delete-title" className="text-base font-semibold">
              Delete account
            </h2>
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">Removes your account and everything in it.</p>
            <DeleteAccount hasPassword={withPassword} />
          </section>
          <SessionKeepAlive />
        </main>
      </ReauthProvider>
    </div>
  );
}
