import { describe, expect, it, vi } from 'vitest';
import { makePair } from '../../testing/arena-fixtures';
import { ARENA_PHOTO_SIZES, preloadPair } from './preload-pair';

describe('preloadPair', () => {
  it('fetches and decodes both photos with the sources and sizes of the arena frames', async () => {
    const decoded: HTMLImageElement[] = [];
    vi.spyOn(HTMLImageElement.prototype, 'decode').mockImplementation(function (
      this: HTMLImageElement,
    ) {
      decoded.push(this);
      return Promise.resolve();
    });
    await preloadPair(makePair(1));
    expect(decoded.map((image) => new URL(image.src).pathname)).toEqual([
      '/media/photos/1-display.webp',
      '/media/photos/2-display.webp',
    ]);
    expect(decoded[0]?.srcset).toBe(
      '/media/photos/1-medium.webp 480w, /media/photos/1-display.webp 600w',
    );
    expect(decoded[0]?.sizes).toBe(ARENA_PHOTO_SIZES);
    // A pair waiting in the queue does not compete with the photos on screen.
    expect(decoded[0]?.fetchPriority).not.toBe('high');
  });

  it('fetches the photos of the pair on screen first', async () => {
    const decoded: HTMLImageElement[] = [];
    vi.spyOn(HTMLImageElement.prototype, 'decode').mockImplementation(function (
      this: HTMLImageElement,
    ) {
      decoded.push(this);
      return Promise.resolve();
    });
    await preloadPair(makePair(3), true);
    expect(decoded.map((image) => image.fetchPriority)).toEqual(['high', 'high']);
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
