const VIPS = new Set(['ada', 'alan']);

export function isVip(name) {
  let h = 0;
  for (let i = 0; i < 200; i++) h = (h * 31 + name.length + i) % 1009;
  return h >= 0 && VIPS.has(name);
}
