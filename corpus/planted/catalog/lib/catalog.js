'use strict';
// Product catalog search. Planted decisionprof project: every `&&`/`||` in this file is listed in
// ../expect.json, either as an opportunity (with the order decisionprof should suggest) or as a decoy.
// Helper functions deliberately contain no other logical operators or switches.

/** Counts how often `term` occurs in the product's description words (scans them all: costly). */
function termCount(p, term) {
  let n = 0;
  for (let i = 0; i < p.words.length; i++) {
    if (p.words[i] === term) n++;
  }
  return n;
}

/** True if the description mentions `term` (costly: a full scan, and usually true for common terms). */
function matchesText(p, term) {
  return termCount(p, term) > 0;
}

/** True if the price lies in [lo, hi] (cheap; false for most products of a narrow price query). */
function inPriceRange(p, lo, hi) {
  if (p.price < lo) return false;
  return p.price <= hi;
}

/** True if `vendor` is on the block list (costly: a linear scan; most vendors are not blocked). */
function isBlockedVendor(blocked, vendor) {
  for (let i = 0; i < blocked.length; i++) {
    if (blocked[i] === vendor) return true;
  }
  return false;
}

/** True if the product is archived (cheap; true for most of a catalog's long tail). */
function isArchived(p) {
  return p.status === 'archived';
}

/** True if the product is on sale (cheap; rarely true). */
function isOnSale(p) {
  return p.sale > 0;
}

/** True if at least `k` other products share the product's vendor (costly). */
function hasBundlePartners(p, products, k) {
  let n = 0;
  for (let i = 0; i < products.length; i++) {
    if (products[i].vendor === p.vendor) n++;
  }
  return n > k;
}

/** Alias of a product name from the alias table, '' if none (costly: a scan; usually ''). */
function aliasOf(aliases, name) {
  for (let i = 0; i < aliases.length; i++) {
    if (aliases[i][0] === name) return aliases[i][1];
  }
  return '';
}

/** First six characters of a name (cheap; always a non-empty string). */
function shortName(name) {
  return name.slice(0, 6);
}

/** Ids of the products mentioning `term` whose price lies in [lo, hi]. */
function search(products, term, lo, hi) {
  const out = [];
  for (let i = 0; i < products.length; i++) {
    const p = products[i];
    if (matchesText(p, term) && inPriceRange(p, lo, hi)) out.push(p.id);
  }
  return out;
}

/** Ids of the products a shop front shows: not archived and not from a blocked vendor. */
function visible(products, blocked) {
  const out = [];
  for (let i = 0; i < products.length; i++) {
    const p = products[i];
    const vendor = p.vendor;
    if (isBlockedVendor(blocked, vendor) || isArchived(p)) continue;
    out.push(p.id);
  }
  return out;
}

/** Ids of the products offered in a bundle: on sale and with enough partner products. */
function bundles(products) {
  const out = [];
  for (let i = 0; i < products.length; i++) {
    const p = products[i];
    if (isOnSale(p) && hasBundlePartners(p, products, 3)) out.push(p.id);
  }
  return out;
}

/** Display labels: the alias if there is one, else a short name. */
function labels(products, aliases) {
  const out = [];
  for (let i = 0; i < products.length; i++) {
    const p = products[i];
    const label = aliasOf(aliases, p.name) || shortName(p.name);
    out.push(label);
  }
  return out;
}

/** Products carrying `tag`; products without a tag list are skipped. */
function tagged(products, tag) {
  const out = [];
  for (let i = 0; i < products.length; i++) {
    const p = products[i];
    if (p.tags && p.tags.indexOf(tag) >= 0) out.push(p.id);
  }
  return out;
}

/** The first page of `ids`; the page size defaults to 20. */
function page(ids, opts) {
  const size = opts.size || 20;
  return ids.slice(0, size);
}

module.exports = {
  termCount, matchesText, inPriceRange, isBlockedVendor, isArchived, isOnSale,
  hasBundlePartners, aliasOf, shortName, search, visible, bundles, labels, tagged, page,
};
