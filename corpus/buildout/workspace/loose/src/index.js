import { kind } from "core";
// counts the letters of a text, forgiving what is not one
export function letters(text) {
  let n = 0;
  for (const c of text) if (kind(c) === 'letter' && c !== 'x') n++;
  return n;
}
