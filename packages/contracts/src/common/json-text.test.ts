import { describe, expect, it } from 'vitest';
import { jsonTextProblem, MAX_JSON_DEPTH } from './json-text.ts';

describe('jsonTextProblem', () => {
  it('lets ordinary JSON through, brackets inside strings included', () => {
    expect(jsonTextProblem('{"a":[1,{"b":"[[[[{{{{"}],"c":"\\"\\\\u0000","d":"\\ud83c\\udfe0 ñ"}')).toBeNull();
    expect(jsonTextProblem('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonTextProblem('{"broken": ')).toBeNull();
  });

  it('refuses deep nesting, NUL characters and lone surrogates', () => {
    expect(jsonTextProblem('['.repeat(MAX_JSON_DEPTH + 1))).toBe('too-deep');
    expect(jsonTextProblem('{"a":'.repeat(5000) + '1' + '}'.repeat(5000))).toBe('too-deep');
    expect(jsonTextProblem('{"a":"x\\u0000y"}')).toBe('nul');
    expect(jsonTextProblem('{"a":"x\u0000y"}')).toBe('nul');
    expect(jsonTextProblem('{"a":"\\ud800"}')).toBe('lone-surrogate');
    expect(jsonTextProblem('{"a":"\\uDFFF\\uD800x"}')).toBe('lone-surrogate');
  });
});
