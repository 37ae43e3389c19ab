/** Where the app is: the address parts a page reads, and the state a navigation carried. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Unique per history entry; scroll positions are remembered by it. */
  key: string;
}

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export type To = string | Partial<Path>;

/** The address bar (browser) or an in-memory list of entries (tests). */
export interface History {
  readonly location: Location;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  /** Back/forward from outside the app: called after the location changed. */
  listen(listener: (location: Location) => void): () => void;
}

function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** Resolves `to` against the current location: a string is a URL, an object replaces parts. */
export function resolvePath(to: To, from: Path): Path {
  if (typeof to !== 'string') {
    return {
      pathname: to.pathname ?? from.pathname,
      search: to.search ?? '',
      hash: to.hash ?? '',
    };
  }
  const url = new URL(to, `http://app${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function createPath({ pathname, search, hash }: Path): string {
  return `${pathname}${search}${hash}`;
}

interface EntryState {
  usr: unknown;
  key: string;
}

function isEntryState(value: unknown): value is EntryState {
  return typeof value === 'object' && value !== null && 'key' in value && 'usr' in value;
}

export function createBrowserHistory(): History {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry: unknown = window.history.state;
    return isEntryState(entry)
      ? { pathname, search, hash, state: entry.usr, key: entry.key }
      : { pathname, search, hash, state: null, key: 'default' };
  };
  let location = read();
  const write = (to: To, state: unknown, replace: boolean) => {
    const path = resolvePath(to, location);
    location = { ...path, state: state ?? null, key: createKey() };
    const entry: EntryState = { usr: location.state, key: location.key };
    if (replace) window.history.replaceState(entry, '', createPath(path));
    else window.history.pushState(entry, '', createPath(path));
  };
  return {
    get location() {
      return location;
    },
    push: (to, state) => {
      write(to, state, false);
    },
    replace: (to, state) => {
      write(to, state, true);
    },
    listen: (listener) => {
      const onPop = () => {
        location = read();
        listener(location);
      };
      window.addEventListener('popstate', onPop);
      return () => {
        window.removeEventListener('popstate', onPop);
      };
    },
  };
}

export function createMemoryHistory(initialEntries: readonly string[] = ['/']): History {
  const root: Path = { pathname: '/', search: '', hash: '' };
  const entries: Location[] = initialEntries.map((entry) => ({
    ...resolvePath(entry, root),
    state: null,
    key: createKey(),
  }));
  let index = entries.length - 1;
  const current = (): Location => entries[index] ?? { ...root, state: null, key: 'default' };
  return {
    get location() {
      return current();
    },
    push: (to, state) => {
      entries.splice(index + 1, entries.length, {
        ...resolvePath(to, current()),
        state: state ?? null,
        key: createKey(),
      });
      index = entries.length - 1;
    },
    replace: (to, state) => {
      entries[index] = { ...resolvePath(to, current()), state: state ?? null, key: createKey() };
    },
    listen: () => () => undefined,
  };
}
