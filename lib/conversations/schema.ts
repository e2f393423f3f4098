/** Request shapes of the /api/conversations routes. */
import { z } from "zod";
import { CONVERSATION_PAGE_MAX, MESSAGE_PAGE_SIZE, TITLE_MAX } from "@/lib/limits";

export const conversationListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(CONVERSATION_PAGE_MAX).optional(),
    cursor: z.string().max(512).optional(),
  })
  .strict();

export const conversationPatchSchema = z
  .object({ title: z.string().trim().min(1, "must not be empty").max(TITLE_MAX, `must be at most ${TITLE_MAX} characters`) })
  .strict();

/** GET /api/conversations/:id: the newest MESSAGE_PAGE_SIZE messages, or those before `before`. */
export const messagePageQuerySchema = z
  .object({
    before: z
      .string()
      .regex(/^\d{1,10}$/, "must be a cursor from nextCursor")
      .transform(Number)
      .optional(),
    limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_SIZE).optional(),
  })
  .strict();
