"use client";
import { useActionState, useState, useSyncExternalStore } from "react";
import { updateTimeZoneAction, type TimeZoneFormState } from "@/app/settings/actions";
import { browserTimeZone } from "@/lib/ui/dates";
import { Button, inputClass } from "@/components/ui/button";
import { CheckIcon } from "@/components/ui/icons";

const noop = () => () => {};
const NONE: string[] = [];
let cachedZones: string[] | null = null;
function allTimeZones(): string[] {
  if (!cachedZones) {
    try {
      cachedZones = Intl.supportedValuesOf("timeZone");
    } catch {
      cachedZones = NONE;
    }
  }
  return cachedZones;
}

export function TimeZoneForm({ current }: { current: string }) {
  const [state, action, pending] = useActionState<TimeZoneFormState, FormData>(updateTimeZoneAction, {});
  const [value, setValue] = useState(current);
  const detected = useSyncExternalStore(noop, browserTimeZone, () => undefined);
  const zones = useSyncExternalStore(noop, allTimeZones, () => NONE);

  return (
    <form action={action} className="mt-4 space-y-3" noValidate>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="timezone" className="sr-only">
          Time zone
        </label>
        <input
          id="timezone"
          name="timezone"
          list="timezones"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={state.error ? true : undefined}
          aria-describedby="timezone-status"
          className={inputClass}
        />
        <datalist id="timezones">
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <Button type="submit" variant="primary" disabled={pending} className="shrink-0">
          {pending ? "Saving…" : "Save time zone"}
        </Button>
      </div>
      <div id="timezone-status" aria-live="polite" className="text-sm">
        {state.error ? (
          <p className="font-medium text-red-600 dark:text-red-400">{state.error}</p>
        ) : state.ok ? (
          <p className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
            <CheckIcon className="size-4" /> Saved — your time zone is {state.timezone}.
          </p>
        ) : null}
      </div>
      {detected && detected !== value && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Your browser says <strong className="font-medium text-zinc-900 dark:text-zinc-100">{detected}</strong>.{" "}
          <button
            type="button"
            onClick={() => setValue(detected)}
            className="font-medium text-accent-600 underline-offset-2 hover:underline dark:text-accent-400"
          >
            Use it
          </button>
        </p>
      )}
    </form>
  );
}
