/** A size-bounded map that forgets the least recently used entry first. */
export interface Lru<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  readonly size: number;
}

/** An empty least-recently-used map holding at most `capacity` entries. */
export function createLru<K, V>(capacity: number): Lru<K, V> {
  const entries = new Map<K, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      // Re-inserting moves the key to the back of Map's insertion order: the most recent end.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > capacity) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
