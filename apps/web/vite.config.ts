import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Dev: http://localhost:5173 with /api proxied to the API server (port 3000).
// Production: `vite build` writes dist/, which the API server serves (apps/api/src/app.ts).
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](?!charts[\\/])|@floating-ui[\\/])/ },
            // Loaded only with the lazy leave analytics: @mantine/charts, recharts and what only they need
            // (a group takes its modules' dependencies too, so it comes after react and mantine).
            {
              name: 'charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts)[\\/]/,
            },
            // Loaded only with the lazy map of a home visit (not part of the first load).
            { name: 'leaflet', test: /node_modules[\\/](leaflet)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
