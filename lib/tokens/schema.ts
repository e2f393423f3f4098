import { z } from "zod";

export const tokenCreateSchema = z.object({ name: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters") }).strict();
