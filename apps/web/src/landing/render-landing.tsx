import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../app/theme';
import { LandingView } from './LandingView';

/**
 * The landing as static HTML, for scripts/prerender.ts (Node, at build time): the markup of the same LandingView the
 * app renders, inside the same theme and baseline as main.tsx, and the style tags of exactly the CSS it uses. The
 * cache has the app's key, so the app adopts these tags instead of inserting its own.
 */
export function renderLanding(): { html: string; styleTags: string } {
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <StaticRouter location="/logging">
          {/* As the app first shows it: the hero in (the page animates it in CSS), the sections not yet revealed. */}
          <LandingView heroIn revealed={false} appear={false} />
        </StaticRouter>
      </ThemeProvider>
    </CacheProvider>,
  );
  return { html, styleTags: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}
