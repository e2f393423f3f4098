"use client";
import { createContext, useContext } from "react";

/** The signed-in user's saved IANA time zone (due dates are shown and entered in it). */
export const TimeZoneContext = createContext<string | undefined>(undefined);

export function useTimeZone(): string | undefined {
  return useContext(TimeZoneContext);
}
