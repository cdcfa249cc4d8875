/**
 * Why an error answer's `msg` is not fit for a person, or null when it is: it must be a non-empty Spanish sentence,
 * not a library's English default ("Bad Request", "Unexpected token", "Cannot …"), and must leak nothing of the
 * server (stack frames, file paths, SQL text or database errors). Used by the fuzz and malformed-request tests.
 */
export function errorMessageProblem(msg: unknown): string | null {
  if (typeof msg !== 'string') return 'msg is not a string';
  const text = msg.trim();
  if (text.length < 5) return 'msg is empty or too short';
  if (/\n\s*at |\bat [\w$.<>]+ \(|\(?(?:file:\/\/)?\/[\w./-]+\.[cm]?[jt]s:\d+|node:internal|node_modules/.test(text)) {
    return 'msg has a stack trace or a file path';
  }
  if (/relation "|column "|syntax error|violates|duplicate key|SQLSTATE|invalid input syntax|invalid byte sequence|unsupported Unicode|stack depth|\bpg_|PGlite|postgres/i.test(text)
    || /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[\s\S]*\b(FROM|WHERE|SET|VALUES)\b/.test(text)) {
    return 'msg leaks SQL or a database error';
  }
  if (/\b(Bad Request|Not Found|Unauthorized|Forbidden|Internal Server Error|Method Not Allowed|Payload Too Large|Unsupported Media Type|Too Many Requests|Unexpected (token|end|character)|Cannot|Invalid|Expected|Required|must (be|have|match)|is not|not allowed|failed|Error:|TypeError|RangeError|SyntaxError|Maximum call stack|exceeded|undefined|\[object Object\])\b/.test(text)) {
    return 'msg is English or a raw error';
  }
  if (!/[áéíóúñ¿¡]|\b(de|del|al|la|el|los|las|no|es|un|una|para|con|sin|que|tu|tus|por|en|se|ya|hay|esta|este|debe|puede)\b/i.test(text)) {
    return 'msg does not read as Spanish';
  }
  return null;
}
