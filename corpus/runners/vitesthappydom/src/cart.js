// A cart rendered into a table: rows with a positive quantity and a known price count.

export function counts(row) {
  return row.dataset.qty > 0 && row.dataset.price !== undefined && !row.classList.contains('removed');
}

export function total(table) {
  let sum = 0;
  for (const row of table.querySelectorAll('tr')) {
    if (counts(row)) sum += Number(row.dataset.qty) * Number(row.dataset.price);
  }
  return sum;
}

export function bindRemove(table) {
  table.addEventListener('click', (event) => {
    const row = event.target.closest('tr');
    if (row) row.classList.add('removed');
  });
}
