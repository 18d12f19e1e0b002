import { HttpError } from '../http/errors';

/**
 * How many pixels may be decoding at once across requests (uploads' checks, thumbnails, crops): sharp holds
 * every decoded pixel in memory, so images that arrive together wait their turn instead of adding up. A
 * queue longer than `maxWaiting` is refused (503) rather than held: the caller tries again in a moment.
 */
export class DecodeBudget {
  private inUse = 0;
  private readonly waiting: { pixels: number; start: () => void }[] = [];

  constructor(
    private readonly maxPixels: number,
    private readonly maxWaiting = 16,
  ) {}

  async run<T>(pixels: number, work: () => Promise<T>): Promise<T> {
    // One image larger than the whole budget still runs, alone.
    const claim = Math.min(pixels, this.maxPixels);
    await this.acquire(claim);
    try {
      return await work();
    } finally {
      this.inUse -= claim;
      this.wakeNext();
    }
  }

  private acquire(pixels: number): Promise<void> {
    if (this.waiting.length === 0 && this.inUse + pixels <= this.maxPixels) {
      this.inUse += pixels;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) {
      return Promise.reject(
        new HttpError(
          503,
          'Too many images are being processed right now. Try again in a few seconds.',
          { errorCode: 'BUSY' },
          {
            'Retry-After': '5',
          },
        ),
      );
    }
    return new Promise((resolve) => {
      this.waiting.push({
        pixels,
        start: () => {
          this.inUse += pixels;
          resolve();
        },
      });
    });
  }

  /** First come, first served: a large image at the head is not overtaken by small ones forever. */
  private wakeNext() {
    while (this.waiting.length > 0 && this.inUse + this.waiting[0]!.pixels <= this.maxPixels) {
      this.waiting.shift()!.start();
    }
  }
}
