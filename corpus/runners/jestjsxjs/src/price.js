// A price tag: a sale price when the item is on sale and in stock, else the list price.
export function Price({ item, currency = '€' }) {
  const sale = item.sale > 0 && item.stock > 0 && item.sale < item.price;
  return (
    <span className={sale ? 'price sale' : 'price'}>
      {sale && <s>{item.price}{currency}</s>}
      {sale ? item.sale : item.price}
      {currency}
    </span>
  );
}
