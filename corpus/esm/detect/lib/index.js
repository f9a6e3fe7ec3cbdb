// ES module syntax in a package without "type": a module by its syntax, as node 20.19+ detects it
export function tier(points, member) {
  if (member && points > 100) return 'gold';
  return points > 10 || member ? 'silver' : 'basic';
}
