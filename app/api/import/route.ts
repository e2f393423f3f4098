import { z } from "zod";
import { requireUser } from "@/lib/auth/require-user";
import { changeContextFor, requestIdHeader } from "@/lib/http/change";
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
 * The import is one activity entry: `POST /api/undo { requestId }` removes what it created.
 */
export const POST = route(async (request) => {
  const auth = await requireUser(request);
  const { user } = auth;
  const { preview } = readQuery(request, importQuerySchema);
  const text = await readUploadedText(request, { types: /^text\/(csv|plain)\b/i, maxBytes: MAX_IMPORT_BYTES });
  if (preview === "true" || preview === "1") {
    const { format, tasks, skipped } = previewImport({ text, timeZone: user.timezone });
    return json({ imported: 0, format, tasks, skipped });
  }
  const change = changeContextFor(request, auth);
  return json(await importTasks({ userId: user.id, timeZone: user.timezone, text, change }), { headers: requestIdHeader(change) });
});
