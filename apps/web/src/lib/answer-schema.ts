import type { z } from 'zod';

type Answers = typeof import('./answer-schemas')['ANSWERS'];

const loadAnswers = () => import('./answer-schemas').then(({ ANSWERS }) => ANSWERS);

/**
 * An answer's check against its shared schema, for the reads whose code is in the app's first file but that
 * the first page does not make (a route's title, the hover card, acknowledging, an error's body): that file
 * holds no zod (building every schema as it loaded cost a phone about a third of a second; decision 040),
 * so the schemas (`answer-schemas.ts`, with zod) load beside the first such request. Usage: `const parseBay
 * = answerSchema((schemas) => schemas.bay)`, then `(await parseBay(apiRequest<unknown>(…))).data`.
 */
export function answerSchema<T>(pick: (schemas: Answers) => z.ZodType<T>) {
  return async (answer: Promise<unknown>): Promise<T> => {
    const [loaded, value] = await Promise.all([loadAnswers(), answer]);
    return pick(loaded).parse(value);
  };
}
