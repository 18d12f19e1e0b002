import { open } from 'node:fs/promises';
import { createFile, type Movie, MP4BoxBuffer } from 'mp4box';
import { refuse } from './refusals';

/** How much of the file goes to the parser at a time; it asks for the next part itself (skipping `mdat`). */
const CHUNK_BYTES = 1024 * 1024;

/**
 * A video's display size and running time, read by mp4box from the file's `moov` (wherever it sits: the
 * parser says which position it needs next, so a movie box at the end does not mean reading the media).
 */
export async function probeVideo(
  file: string,
): Promise<{ width: number; height: number; durationMs: number }> {
  return factsOf(await readMovie(file));
}

/** The same facts of a video held in memory (an upload a platform stand-in received). */
export function probeVideoBytes(bytes: Uint8Array): { width: number; height: number; durationMs: number } {
  const parser = movieParser();
  try {
    parser.mp4.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes.slice().buffer as ArrayBuffer, 0));
    parser.finish();
  } catch {
    throw refuse.damagedVideo();
  } finally {
    parser.mp4.stop();
  }
  return factsOf(parser.movie());
}

/** mp4box fed by the caller: `done` once the movie box is read (or the file is found broken). */
function movieParser() {
  const mp4 = createFile();
  let movie: Movie | undefined;
  let failed = false;
  mp4.onReady = (info) => {
    movie = info;
  };
  mp4.onError = () => {
    failed = true;
  };
  return {
    mp4,
    done: () => movie !== undefined || failed,
    /** No more input: the parser reads what it holds. */
    finish: () => {
      if (!movie && !failed) mp4.flush();
    },
    movie: (): Movie => {
      if (!movie || failed) throw refuse.damagedVideo();
      return movie;
    },
  };
}

function factsOf(movie: Movie): { width: number; height: number; durationMs: number } {
  const track = movie.videoTracks[0];
  if (!track) throw refuse.noVideoTrack();
  const width = track.video?.width || track.track_width;
  const height = track.video?.height || track.track_height;
  if (!width || !height) throw refuse.damagedVideo();
  const seconds = movieSeconds(movie);
  if (!(seconds > 0)) throw refuse.unknownDuration();
  return { width: Math.round(width), height: Math.round(height), durationMs: Math.round(seconds * 1000) };
}

function movieSeconds(movie: Movie): number {
  if (movie.duration > 0 && movie.timescale > 0) return movie.duration / movie.timescale;
  // A fragmented file declares its whole length in `mehd`, if anywhere.
  const fragments = movie.fragment_duration;
  if (fragments && fragments.num > 0 && fragments.den > 0) return fragments.num / fragments.den;
  return Math.max(0, ...movie.tracks.map((t) => (t.timescale > 0 ? t.duration / t.timescale : 0)));
}

async function readMovie(file: string): Promise<Movie> {
  const parser = movieParser();
  const input = await open(file);
  try {
    const { size } = await input.stat();
    let position = 0;
    while (!parser.done() && position < size) {
      const buffer = new ArrayBuffer(Math.min(CHUNK_BYTES, size - position));
      const { bytesRead } = await input.read(new Uint8Array(buffer), 0, buffer.byteLength, position);
      if (bytesRead === 0) break;
      const next = parser.mp4.appendBuffer(
        MP4BoxBuffer.fromArrayBuffer(buffer.slice(0, bytesRead), position),
      );
      position = Number.isFinite(next) && next > position ? next : position + bytesRead;
    }
    parser.finish();
  } catch {
    throw refuse.damagedVideo();
  } finally {
    await input.close();
    parser.mp4.stop();
  }
  return parser.movie();
}
