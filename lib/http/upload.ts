/** Reading an uploaded text file: the raw body (e.g. text/csv) or the `file` field of a multipart form, size-limited. */
import { AppError } from "@/lib/errors";
import { readLimitedBytes } from "@/lib/http/request";

export async function readUploadedText(request: Request, { types, maxBytes }: { types: RegExp; maxBytes: number }): Promise<string> {
  const type = (request.headers.get("content-type") ?? "").trim();
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("too_large:body", `The file is over ${Math.round(maxBytes / 1024)} KB.`);
  if (/^multipart\/form-data\b/i.test(type)) {
    const bytes = await readLimitedBytes(request, maxBytes);
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { "content-type": type } }).formData();
    } catch {
      throw new AppError("bad_request:upload", "The form data could not be read.");
    }
    const file = form.get("file");
    if (!(file instanceof Blob)) throw new AppError("bad_request:upload", "Send the file in a form field named `file`.");
    return new TextDecoder("utf-8").decode(await file.arrayBuffer());
  }
  if (!types.test(type))
    throw new AppError(
      "bad_request:content_type",
      "Send the file as the body (Content-Type: text/csv) or as the `file` field of a multipart form.",
    );
  return new TextDecoder("utf-8").decode(await readLimitedBytes(request, maxBytes));
}
