import { z } from "zod";
import { TOKEN_SCOPES } from "@/lib/auth/scopes";

export const MAX_TOKENS_PER_USER = 20;

export const tokenCreateSchema = z
  .object({
    name: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
    scopes: z
      .array(z.enum(TOKEN_SCOPES))
      .min(1, "must name at least one scope")
      .max(TOKEN_SCOPES.length)
      .refine((s) => new Set(s).size === s.length, "must not repeat a scope")
      .optional(),
    expiresAt: z.iso
      .datetime({ offset: true, message: "must be an ISO-8601 date-time" })
      .refine((v) => Date.parse(v) > Date.now(), "must be in the future")
      .refine((v) => Date.parse(v) < Date.now() + 5 * 366 * 86_400_000, "must be within 5 years")
      .optional(),
  })
  .strict();
