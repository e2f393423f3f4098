"use client";
/**
 * The model the user picked for their next messages, when the operator allows more than one
 * (AI_ALLOWED_MODELS). The server checks every pick against the same allow-list.
 */
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from "react";

type ModelChoice = { models: string[]; model: string; setModel: (model: string) => void; current: { readonly value: string } };

const ModelChoiceContext = createContext<ModelChoice | null>(null);

export function ModelChoiceProvider({ models, children }: { models: string[]; children: ReactNode }) {
  const [model, setModelState] = useState(models[0] ?? "");
  const current = useRef(model);
  const value = useMemo<ModelChoice>(
    () => ({
      models,
      model,
      current: {
        get value() {
          return current.current;
        },
      },
      setModel: (next) => {
        if (!models.includes(next)) return;
        current.current = next;
        setModelState(next);
      },
    }),
    [models, model],
  );
  return <ModelChoiceContext value={value}>{children}</ModelChoiceContext>;
}

/** The picker's state, or null when there is nothing to pick. */
export function useModelChoice(): ModelChoice | null {
  const choice = useContext(ModelChoiceContext);
  return choice && choice.models.length > 1 ? choice : null;
}
