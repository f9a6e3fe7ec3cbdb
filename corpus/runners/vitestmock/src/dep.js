export function value() {
  return 'real';
}
export const flag = 1;
export default function greet() {
  return 'hello';
}
export const label = 'dep';
