/** Reading and validating what a client sends: JSON bodies, query strings, route params. */
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { MAX_JSON_BODY_BYTES } from "@/lib/limits";
import { describeZodError } from "@/lib/http/respond";

/** Reads a JSON body (size-limited, content type checked) and validates it. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S, maxBytes = MAX_JSON_BODY_BYTES): Promise<z.infer<S>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type.trim())) {
    throw new AppError("bad_request:content_type", "Send the body as JSON (Content-Type: application/json).");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("too_large:body", `The body is over ${maxBytes} bytes.`);
  const text = await readLimited(request, maxBytes);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError("bad_request:json", "The body is not valid JSON.");
  }
  return parseWith(schema, raw);
}

async function readLimited(request: Request, maxBytes: number): Promise<string> {
  return Buffer.from(await readLimitedBytes(request, maxBytes)).toString("utf8");
}

/** The body's bytes; too_large:body as soon as it passes `maxBytes` (whatever Content-Length said). */
export async function readLimitedBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError("too_large:body", `The body is over ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown, surface = "api"): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw new AppError(`bad_request:${surface}`, describeZodError(result.error));
  return result.data;
}

/** Query string → object (first value of each key), validated. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const params = new URL(request.url).searchParams;
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in raw)) raw[key] = value;
  return parseWith(schema, raw);
}

export const uuidParam = z.uuid({ message: "must be a UUID" });

export function readIdParam(id: string | undefined, surface: string): string {
  const result = uuidParam.safeParse(id);
  if (!result.success) throw new AppError(`bad_request:${surface}`, "id: must be a UUID");
  return result.data;
}
