import type { z } from 'zod';

type Answers = typeof import('./answer-schemas')['ANSWERS'];

const loadAnswers = () => import('./answer-schemas').then(({ ANSWERS }) => ANSWERS);

/**
 * An answer's check against its shared schema, for the reads whose code is in the app's first file: that
 * file holds no zod (building every schema as it loaded cost a phone about a third of a second; decision
 * 040), so the schemas (`answer-schemas.ts`) load with zod when a read first needs one, beside the request
 * rather than after it. Usage: `const parseBay = answerSchema((schemas) => schemas.bay)`, then
 * `(await parseBay(apiRequest<unknown>('POST', 'backend/bays/get', { id }))).data`.
 */
export function answerSchema<T>(pick: (schemas: Answers) => z.ZodType<T>) {
  return async (answer: Promise<unknown>): Promise<T> => {
    const [schemas, value] = await Promise.all([loadAnswers(), answer]);
    return pick(schemas).parse(value);
  };
}
