import { http, HttpResponse } from 'msw';
import clipUrl from '../../content/mini-test/audio/mini-listening-4.mp3?url';

/**
 * The stored clip the demo questions name (`/api/media/demo-clip.mp3`), answered with a real
 * 37 KB mp3 of the mini test so a story's audio player loads and plays as the admin's would.
 */
export const mediaHandlers = [
  http.get('*/api/media/demo-clip.mp3', async () => {
    const bytes = await (await fetch(clipUrl)).arrayBuffer();
    return new HttpResponse(bytes, { headers: { 'content-type': 'audio/mpeg', 'accept-ranges': 'none' } });
  }),
];
