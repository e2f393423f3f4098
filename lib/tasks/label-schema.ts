/** Request validation for labels (zod), on the rules of lib/tasks/labels.ts. */
import { z } from "zod";
import { checkLabel, LABELS_PER_TASK_MAX } from "@/lib/tasks/labels";

/** A label, normalised ("#Errands" → "errands"); the issue says what is wrong with it. */
export const labelSchema = z.string().transform((value, ctx) => {
  const result = checkLabel(value);
  if (result.ok) return result.label;
  ctx.addIssue({ code: "custom", message: result.message });
  return z.NEVER;
});

/** A task's labels: each normalised, duplicates dropped (first spelling kept), at most 20. */
export const labelsSchema = z
  .array(labelSchema)
  .max(LABELS_PER_TASK_MAX * 2, `at most ${LABELS_PER_TASK_MAX} labels`)
  .transform((labels) => [...new Set(labels)])
  .pipe(z.array(z.string()).max(LABELS_PER_TASK_MAX, `at most ${LABELS_PER_TASK_MAX} labels`));
