import { z } from "zod";
import { assertScope, requireUser } from "@/lib/auth/require-user";
import { route } from "@/lib/http/respond";
import { readQuery } from "@/lib/http/request";
import { exportData } from "@/lib/portability/export";

const exportQuerySchema = z.object({ format: z.enum(["json", "csv", "ics"]).default("json") }).strict();

/**
 * Everything the signed-in user owns, as a file to download: JSON (tasks and conversations), CSV
 * of tasks, or iCalendar. A token needs tasks:read, and for JSON (conversations) also agent.
 */
export const GET = route(async (request) => {
  const auth = await requireUser(request);
  const { format } = readQuery(request, exportQuerySchema);
  if (format === "json") assertScope(auth, "agent");
  const file = await exportData(auth.user, format);
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "private, no-store",
    },
  });
});
