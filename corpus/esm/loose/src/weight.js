export function weight(item) {
  let w = 0;
  for (let i = 0; i < 40; i++) w += (item.size * i) % 7;
  return w;
}
