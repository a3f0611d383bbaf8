import { expect } from 'vitest';

type LoggedLine = { text: string; test: string | undefined };

/**
 * The error-level log lines of the servers a test file runs. An error line is a bug (a 500 that a test did
 * not ask for) unless the test declared it: a test that provokes one on purpose says so with `expect`.
 */
export type ErrorLog = {
  /** Fastify logger options that write every error-level line here. */
  logger: { level: 'error'; stream: { write(line: string): void } };
  /** Declares that an error line matching `pattern` will be logged; `verify` fails if none is. */
  expect(pattern: RegExp): void;
  /** Throws with every line no declaration matched, and every declaration no line matched. */
  verify(): void;
};

// `search` ignores a pattern's `lastIndex`, so a /g pattern matches every line alike.
const matches = (pattern: RegExp, line: LoggedLine) => line.text.search(pattern) !== -1;

export function createErrorLog(): ErrorLog {
  const lines: LoggedLine[] = [];
  const declared: RegExp[] = [];
  return {
    logger: {
      level: 'error',
      stream: {
        write: (text) => lines.push({ text: text.trimEnd(), test: expect.getState().currentTestName }),
      },
    },
    expect: (pattern) => declared.push(pattern),
    verify() {
      const unexpected = lines.filter((line) => !declared.some((pattern) => matches(pattern, line)));
      const unmet = declared.filter((pattern) => !lines.some((line) => matches(pattern, line)));
      if (unexpected.length === 0 && unmet.length === 0) return;
      throw new Error(
        [
          ...unexpected.map(
            (line) => `Uventet feillinje i loggen (${line.test ?? 'utenfor en test'}):\n${line.text}`,
          ),
          ...unmet.map((pattern) => `Ventet feillinje som aldri kom: ${pattern}`),
        ].join('\n\n'),
      );
    },
  };
}
