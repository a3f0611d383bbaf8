import { MAX_JSON_FIELD_DEPTH } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, nestsDeeperThan } from './json-body';

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('nestsDeeperThan', () => {
  it('counts objects and arrays inside each other, not side by side', () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan(`[${Array.from({ length: 100 }, () => '{"a":[1]}').join(',')}]`, 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(nestsDeeperThan('42', 0)).toBe(false);
  });

  it('skips strings, escaped quotes and backslashes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'sitat \\" [[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'slutter med \\', next: [[]] }), 2)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify(['\\"', '[[[']), 1)).toBe(false);
  });

  it('scans 10,000 levels without recursion', () => {
    expect(nestsDeeperThan(nested(10_000), MAX_BODY_DEPTH)).toBe(true);
  });

  it('leaves room for the deepest free-form field inside a body', () => {
    expect(MAX_BODY_DEPTH).toBeGreaterThan(MAX_JSON_FIELD_DEPTH + 8);
  });
});
