import { z } from "zod";
import { requireUser } from "@/lib/auth/require-user";
import { json, route } from "@/lib/http/respond";
import { readQuery } from "@/lib/http/request";
import { readUploadedText } from "@/lib/http/upload";
import { MAX_IMPORT_BYTES } from "@/lib/limits";
import { importTasks, previewImport } from "@/lib/portability/import";

const importQuerySchema = z.object({ preview: z.enum(["true", "false", "1", "0"]).optional() }).strict();

/**
 * Imports tasks from a CSV file (our columns or a Todoist export): the body as text/csv, or a
 * multipart form's `file`. `?preview=true` creates nothing and answers what would be created.
 * → `{ imported, skipped: [{ line, reason }], requestId }` (preview: `{ imported: 0, tasks, skipped }`).
 */
export const POST = route(async (request) => {
  const { user } = await requireUser(request);
  const { preview } = readQuery(request, importQuerySchema);
  const text = await readUploadedText(request, { types: /^text\/(csv|plain)\b/i, maxBytes: MAX_IMPORT_BYTES });
  if (preview === "true" || preview === "1") {
    const { format, tasks, skipped } = previewImport({ text, timeZone: user.timezone });
    return json({ imported: 0, format, tasks, skipped });
  }
  return json(await importTasks({ userId: user.id, timeZone: user.timezone, text }));
});
