// Control characters (below U+0020, and U+007F): a browser drops tab, CR and LF from URLs, and a
// log line must not hold them. Written out rather than as a regular expression of control ranges.

export function isControlCode(code: number): boolean {
  return code < 0x20 || code === 0x7f;
}

export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControlCode(text.charCodeAt(i))) return true;
  return false;
}

/** The text with each run of control characters replaced by one space. */
export function withoutControlCharacters(text: string): string {
  let out = '';
  let inRun = false;
  for (const char of text) {
    const control = isControlCode(char.charCodeAt(0));
    if (!control) out += char;
    else if (!inRun) out += ' ';
    inRun = control;
  }
  return out;
}
