import { set, get } from 'dyn-exports';

export function remember(store, key, value) {
  if (key !== undefined && value !== undefined) {
    return set(store, key, value);
  }
  return store;
}

export function recall(store, key) {
  return get(store, key);
}
