/** A user's reminder preferences: e-mail reminders and the morning agenda mail (both off by default). */
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";

export const preferencesPatchSchema = z
  .object({
    emailReminders: z.boolean().optional(),
    agendaEmail: z.boolean().optional(),
    agendaHour: z.number().int().min(0, "must be an hour 0–23").max(23, "must be an hour 0–23").optional(),
  })
  .strict();

export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;
export type Preferences = { emailReminders: boolean; agendaEmail: boolean; agendaHour: number };

export const DEFAULT_PREFERENCES: Preferences = { emailReminders: false, agendaEmail: false, agendaHour: 7 };
const select = { emailReminders: true, agendaEmail: true, agendaHour: true } as const;

export async function getPreferences(userId: string): Promise<Preferences> {
  return (await db.reminderPreferences.findUnique({ where: { userId }, select })) ?? { ...DEFAULT_PREFERENCES };
}

export async function updatePreferences(userId: string, patch: PreferencesPatch): Promise<Preferences> {
  return db.reminderPreferences.upsert({ where: { userId }, create: { userId, ...patch }, update: patch, select });
}
