// the first size that fits, or the fallback
export default function pick(sizes, need, fallback) {
  for (const s of sizes) {
    if ((s && s.free) && s.size >= need) return s.size;
  }
  return fallback;
}
