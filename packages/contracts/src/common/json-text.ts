/** Deepest nesting of arrays and objects a JSON body may have; the deepest form data is about five levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * Why a JSON text must be refused before it is parsed, or null when it may be parsed: nesting deeper than
 * MAX_JSON_DEPTH (deep values overflow the stack of whatever serialises them again, and PostgreSQL's JSON parser),
 * a NUL character escaped in a string (`\u0000`: PostgreSQL text and jsonb cannot hold it), or a lone UTF-16
 * surrogate escape (`\ud800` without its pair: not a character, refused by jsonb). One pass, no allocation; the
 * text need not be valid JSON (the parser still judges that).
 */
export function jsonTextProblem(text: string): 'too-deep' | 'nul' | 'lone-surrogate' | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x22 /* " */) inString = false;
      else if (c === 0x5c /* \ */) {
        if (text.charCodeAt(i + 1) === 0x75 /* u */) {
          const code = Number.parseInt(text.slice(i + 2, i + 6), 16);
          if (code === 0) return 'nul';
          if (code >= 0xd800 && code <= 0xdbff) {
            const next = text.slice(i + 6, i + 8) === '\\u' ? Number.parseInt(text.slice(i + 8, i + 12), 16) : NaN;
            if (!(next >= 0xdc00 && next <= 0xdfff)) return 'lone-surrogate';
            i += 11;
            continue;
          }
          if (code >= 0xdc00 && code <= 0xdfff) return 'lone-surrogate';
          i += 5;
        } else {
          i += 1;
        }
      } else if (c === 0) return 'nul';
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > MAX_JSON_DEPTH) return 'too-deep';
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return null;
}
