import { describe, expect, it } from 'vitest';
import { matchRoute, type RouteDefinition } from './router';

const ROUTES: RouteDefinition[] = [
  { path: '/' },
  { path: '/leaderboard' },
  { path: '/p/:id' },
  { path: '*' },
];

describe('matchRoute', () => {
  it('matches exact paths and `:name` segments, anything else falls to `*`', () => {
    const path = (pathname: string) => matchRoute(ROUTES, pathname)?.path;
    expect(path('/')).toBe('/');
    expect(path('/leaderboard/')).toBe('/leaderboard');
    expect(path('/p/42')).toBe('/p/:id');
    expect(path('/P/42/')).toBe('/p/:id');
    expect(path('/p')).toBe('*');
    expect(path('/p/')).toBe('*');
    expect(path('/p/42/more')).toBe('*');
    expect(path('/x/42')).toBe('*');
  });
});
