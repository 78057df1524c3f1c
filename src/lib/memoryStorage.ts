/**
 * A Storage kept in memory: the fallback where localStorage is unavailable (node, some private
 * modes), and the fake used by tests.
 */
export const createMemoryStorage = (initial: Record<string, string> = {}): Storage => {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
};

/**
 * The browser's storage of that kind (localStorage by default; sessionStorage for what belongs to
 * one tab) when the browser allows it, memory otherwise.
 */
export const browserStorage = (kind: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage => {
  try {
    const storage = globalThis[kind];
    if (storage) return storage;
  } catch {
    // Access can throw (blocked storage); fall through to memory.
  }
  return createMemoryStorage();
};
