import type { z } from 'zod';
import { whenFirstPageDrawn } from './first-page';

type Answers = typeof import('./answer-schemas')['ANSWERS'];

const loadAnswers = () => import('./answer-schemas').then(({ ANSWERS }) => ANSWERS);

/**
 * An answer's check against its shared schema, for the reads whose code is in the app's first file: that
 * file holds no zod (building every schema as it loaded cost a phone about a third of a second; decision
 * 040). The schemas (`answer-schemas.ts`, with zod) load once the first page is drawn, as the rest of what
 * it does not need; a read made before then (the dashboard's cards) is checked after it. `early`: loaded
 * at once, for a read the first page itself may wait for (an error's body). Usage: `const parseBay =
 * answerSchema((schemas) => schemas.bay)`, then `(await parseBay(apiRequest<unknown>(…))).data`.
 */
export function answerSchema<T>(pick: (schemas: Answers) => z.ZodType<T>, { early = false } = {}) {
  return async (answer: Promise<unknown>): Promise<T> => {
    const schemas = early ? loadAnswers() : whenFirstPageDrawn().then(loadAnswers);
    const [loaded, value] = await Promise.all([schemas, answer]);
    return pick(loaded).parse(value);
  };
}
