import { z } from "zod";
import { requireUser } from "@/lib/auth/require-user";
import { route } from "@/lib/http/respond";
import { readQuery } from "@/lib/http/request";
import { exportData } from "@/lib/portability/export";

const exportQuerySchema = z.object({ format: z.enum(["json", "csv", "ics"]).default("json") }).strict();

/** Everything the signed-in user owns, as a file to download: JSON, CSV of tasks, or iCalendar. */
export const GET = route(async (request) => {
  const { user } = await requireUser(request);
  const { format } = readQuery(request, exportQuerySchema);
  const file = await exportData(user, format);
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "private, no-store",
    },
  });
});
