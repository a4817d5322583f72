// Images of a session (screenshots, close-ups, screen diffs) read once each: a card is drawn
// again on every output chunk, and each drawing asks for its images again.
import type { ImageLoader } from "./computer";

/**
 * Remembers each path's answer, the last `limit` paths used. A stored image never changes, so a
 * failed read is remembered too (the card says "image unavailable" without asking again).
 */
export function cachedImages(load: ImageLoader, limit = 64): ImageLoader {
  const seen = new Map<string, Promise<string>>();
  return (path) => {
    let url = seen.get(path);
    if (url) {
      seen.delete(path);
    } else {
      url = load(path);
      // Handled here once; each caller still gets the rejection.
      url.catch(() => {});
    }
    seen.set(path, url);
    if (seen.size > limit) {
      const oldest = seen.keys().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    return url;
  };
}
