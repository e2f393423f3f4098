import { z } from "zod";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "@/lib/limits";

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, "Email is too long")
  .pipe(z.email({ error: "Enter a valid email address" }));

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const registerInputSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    name: z.string().trim().max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`).optional(),
  })
  .strict();
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const signInInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX),
});
