import { createBrowserRouter } from 'react-router';
import { installChunkReload, withChunkReload } from '../lib/chunk-reload.ts';
import { appRoutes } from './app-routes.tsx';

/**
 * A lazy chunk that fails to load (a page left open across a release asks for the previous build's
 * files) reloads the page once, into the page being opened (lib/chunk-reload.ts).
 */
const reloadsForChunk = installChunkReload(() => {
  const opening = router.state.navigation.location;
  return opening && router.createHref(opening);
});

export const router = createBrowserRouter(withChunkReload(appRoutes, reloadsForChunk));
