import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress';
import { routeHtml } from './scripts/route-html';

const API_ORIGIN = 'http://127.0.0.1:8080';
const proxy = { '/api': API_ORIGIN, '/media': API_ORIGIN };

export default defineConfig({
  plugins: [
    react(),
    routeHtml(),
    precompress(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      // Registered by src/lib/service-worker.ts: no inline script may reach index.html (CSP).
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: '颜值竞技场',
        short_name: '颜值竞技场',
        description: '谁更好看 - 看看你的颜值能打几分',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0f0f14',
        background_color: '#0f0f14',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The app shell and the offline page (public/offline.html); icons and the manifest are
        // added by includeAssets / manifest.icons. The shell itself is the offline fallback of
        // every app route: it renders the offline state (ADR 0015).
        globPatterns: ['**/*.{js,css,html}'],
        // autoUpdate without the plugin's injected register: the new worker takes over at once
        // and src/lib/service-worker.ts reloads the page when it does.
        skipWaiting: true,
        clientsClaim: true,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/media\//],
        cleanupOutdatedCaches: true,
        // /api is never cached: no runtime route matches it, so it always goes to the network.
        runtimeCaching: [
          {
            // Navigations the shell does not answer (the denylist above: /api/docs, a /media/
            // link) get the static offline page instead of the browser's error page (ADR 0015).
            urlPattern: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
          {
            // Photo variants and share cards are immutable (hashed names), so cache-first is safe.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'media',
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  // The manifest tells bench/web which files each route downloads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Every browser the app supports preloads modules natively; the polyfill would cost 0.4 KB.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the shell runs before the first page: one file, not a chain of small ones.
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // Code shared by pages (query observers, shared components): the first page needs it
            // anyway, so it comes as one file rather than many tiny ones.
            {
              name: 'pages',
              // Achievement badges stay a chunk of their own (the toasts fetch them on demand).
              // The share modal's on-demand wrapper too: one request fewer for the pages that
              // offer sharing (a first visit fetches each file on a connection of its own).
              test: /src[\\/](components[\\/](?!AchievementIcon)|lib[\\/]|services[\\/]share[\\/](index|LazyShareModal))|node_modules/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
