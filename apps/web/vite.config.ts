import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // The domain package's modules only declare schemas and functions: a page that needs MSG must not
      // pull in every schema (and most of zod) through the package's index.
      treeshake: {
        moduleSideEffects: (id, external) => external || !id.includes('/packages/domain/'),
        // Building a zod schema changes nothing outside it (the domain never configures zod globally): a screen that
        // only needs a label or a rule of a domain module leaves its schemas, and zod itself, out of its download.
        manualPureFunctions: ['z'],
      },
    },
    // No forced vendor chunks: Rollup shares what several routes use, so each screen loads only its own MUI parts.
  },
});
