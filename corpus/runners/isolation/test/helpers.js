let made = 0;

export function fixture() {
  made++;
  return { id: made };
}
