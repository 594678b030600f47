import { describe, expect, it } from 'bun:test';
import { jsonTextDeeperThan } from '../src/json-depth';

describe('jsonTextDeeperThan', () => {
  it('counts nesting outside strings only, escaped quotes included', () => {
    expect(jsonTextDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(jsonTextDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(jsonTextDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    // Brackets in strings, behind an escaped quote or an escaped backslash, are text.
    expect(jsonTextDeeperThan(`["[[[[[", "\\"[[[[[[", "\\\\", "{{{{{"]`, 1)).toBe(false);
    expect(jsonTextDeeperThan(`["\\\\", [[1]]]`, 2)).toBe(true);
  });

  it('is not fooled by closing brackets first, and reads an unfinished string to the end', () => {
    expect(jsonTextDeeperThan(']]]]]][[[[', 3)).toBe(true);
    expect(jsonTextDeeperThan('["[[[[[[[[', 1)).toBe(false);
    expect(jsonTextDeeperThan('['.repeat(1_000_000), 32)).toBe(true);
  });
});
