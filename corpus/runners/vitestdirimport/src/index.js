export default function size(label, n) {
  if (n > 99 || label === 'huge') return 'large';
  return n > 9 && label !== 'tiny' ? 'medium' : 'small';
}
