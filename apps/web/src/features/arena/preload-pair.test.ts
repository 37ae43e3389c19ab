import { describe, expect, it, vi } from 'vitest';
import { makePair } from '../../testing/arena-fixtures';
import { preloadPair } from './preload-pair';

describe('preloadPair', () => {
  it('fetches and decodes both display images', async () => {
    const decoded: string[] = [];
    vi.spyOn(HTMLImageElement.prototype, 'decode').mockImplementation(function (
      this: HTMLImageElement,
    ) {
      decoded.push(new URL(this.src).pathname);
      return Promise.resolve();
    });
    await preloadPair(makePair(1));
    expect(decoded).toEqual(['/media/photos/1-display.webp', '/media/photos/2-display.webp']);
  });

  it('does not wait for an image that never decodes', async () => {
    vi.useFakeTimers();
    vi.spyOn(HTMLImageElement.prototype, 'decode').mockReturnValue(new Promise(() => undefined));
    const done = vi.fn();
    void preloadPair(makePair(2)).then(done);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(done).toHaveBeenCalled();
  });
});
