"use server";
/**
 * Sign-in and sign-up form actions. Input is validated with the same zod schemas as the API;
 * errors come back as field messages for the form. Registration is limited per client address
 * exactly like POST /api/register. Next.js checks the Origin of every server action.
 */
import { headers } from "next/headers";
import { AuthError } from "next-auth";
import type { z } from "zod";
import { signIn } from "@/lib/auth/config";
import { registerInputSchema, signInInputSchema } from "@/lib/auth/schema";
import { createUser, updateUserSettings } from "@/lib/auth/users";
import { timeZoneSchema } from "@/lib/tasks/schema";
import { assertRegistrationAllowed } from "@/lib/auth/throttle";
import { isAppError } from "@/lib/errors";
import { enabledSsoProviders } from "@/lib/auth/sso";
import { requestEmailVerification } from "@/lib/auth/email-verification";
import { loadEnv } from "@/lib/env";

export type AuthFormState = {
  error?: string;
  fieldErrors?: Partial<Record<"email" | "password" | "name", string>>;
  values?: { email?: string; name?: string };
};

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

function fieldErrorsOf(error: z.ZodError): AuthFormState["fieldErrors"] {
  const out: NonNullable<AuthFormState["fieldErrors"]> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if ((key === "email" || key === "password" || key === "name") && !out[key]) out[key] = issue.message;
  }
  return out;
}

async function signInOrExplain(email: string, password: string): Promise<AuthFormState> {
  try {
    await signIn("credentials", { email, password, redirectTo: "/" });
  } catch (error) {
    if (error instanceof AuthError) {
      if ((error as AuthError & { code?: string }).code === "rate_limited") {
        return { error: "Too many sign-in attempts. Please wait a little and try again.", values: { email } };
      }
      if (error.type === "CredentialsSignin") return { error: "Invalid email or password", values: { email } };
      return { error: "We couldn't sign you in right now. Please try again.", values: { email } };
    }
    throw error; // The redirect after a successful sign-in.
  }
  return {};
}

export async function signInAction(_previous: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const email = field(formData, "email");
  const parsed = signInInputSchema.safeParse({ email, password: field(formData, "password") });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values: { email } };
  return signInOrExplain(parsed.data.email, parsed.data.password);
}

export async function registerAction(_previous: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const email = field(formData, "email");
  const name = field(formData, "name");
  const values = { email, name };
  const parsed = registerInputSchema.safeParse({ email, password: field(formData, "password"), ...(name.trim() ? { name } : {}) });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };

  try {
    const requestHeaders = await headers();
    await assertRegistrationAllowed(requestHeaders);
    const user = await createUser(parsed.data);
    // Mailed links take their origin from AUTH_URL (required with SMTP); the Host header only
    // serves the development log.
    // eslint-disable-next-line regexp/no-super-linear-move -- AUTH_URL is the operator's own setting, never a request's
    const configured = loadEnv().AUTH_URL?.replace(/\/+$/, "");
    const origin = configured ?? `${requestHeaders.get("x-forwarded-proto") ?? "http"}://${requestHeaders.get("host") ?? "localhost"}`;
    requestEmailVerification({ userId: user.id, origin });
    // Start in the browser's time zone, so "tomorrow" means the user's tomorrow from day one.
    const timeZone = timeZoneSchema.safeParse(field(formData, "timezone"));
    if (timeZone.success && timeZone.data !== user.timezone) await updateUserSettings({ id: user.id, timezone: timeZone.data });
  } catch (error) {
    if (isAppError(error) && error.type === "conflict")
      return { fieldErrors: { email: "An account with this email already exists." }, values };
    if (isAppError(error)) return { error: error.message, values };
    throw error;
  }
  return signInOrExplain(parsed.data.email, parsed.data.password);
}

/** Starts a single sign-on with one of the enabled providers (Auth.js redirects to it). */
export async function signInWithProviderAction(formData: FormData): Promise<void> {
  const provider = enabledSsoProviders().find((p) => p.id === field(formData, "provider"));
  if (!provider) return;
  await signIn(provider.id, { redirectTo: "/" });
}
