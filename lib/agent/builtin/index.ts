/**
 * The built-in offline language model: a deterministic, rule-based model that understands
 * everyday to-do requests and drives the task tools through the normal AI SDK agent loop.
 */
export { createBuiltinModel } from "./model";
