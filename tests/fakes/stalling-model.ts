/**
 * A language model that stalls: every call waits without a token until its abort signal fires
 * (the turn's timer, the step timer or the user's Stop), then fails as an aborted fetch does.
 * For testing the timers that end a turn whose provider never answers.
 */
import { MockLanguageModelV4 } from "ai/test";

export type StallingModel = MockLanguageModelV4 & { aborted: () => number };

export function stallingModel(): StallingModel {
  let aborted = 0;
  const model = new MockLanguageModelV4({
    doStream: async (opts) =>
      new Promise((_resolve, reject) => {
        const signal = opts.abortSignal;
        const fail = () => {
          aborted++;
          reject(signal?.reason ?? new DOMException("The operation was aborted", "AbortError"));
        };
        if (signal?.aborted) fail();
        else signal?.addEventListener("abort", fail, { once: true });
      }),
  });
  return Object.assign(model, { aborted: () => aborted });
}
