/**
 * A text with every run of whitespace as one space. Reports wrap their sentences to the terminal's
 * width; a test that reads a sentence compares it unwrapped, so the words are checked, not where a
 * line happened to break.
 */
export const flat = (text: string): string => text.replace(/\s+/g, " ");
