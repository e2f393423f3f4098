/** Task lists' shapes: what clients may send and what they get back. */
import { z } from "zod";

export const LIST_NAME_MAX = 60;

/** A list name: spaces tidied, 1..60 characters. */
export const listNameSchema = z
  .string()
  .transform((value) => value.normalize("NFC").replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, "must not be empty").max(LIST_NAME_MAX, `must be at most ${LIST_NAME_MAX} characters`));

/** Names are unique per user regardless of case: this is what is compared. */
export function listNameKey(name: string): string {
  return name.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
}

export const listCreateSchema = z.object({ name: listNameSchema }).strict();
export const listUpdateSchema = z.object({ name: listNameSchema }).strict();

/** A list as clients see it; `taskCount`: its pending tasks (subtasks included). */
export type ListView = { id: string; name: string; taskCount: number };

/** A task's list, as the task view carries it (null: the Inbox). */
export type TaskListRef = { id: string; name: string };
