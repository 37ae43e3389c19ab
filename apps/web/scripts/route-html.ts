import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The pages a first visit can open on whose code is a chunk of its own (src/app/routes.tsx), by
 * the name of their address (`/leaderboard` → leaderboard) and the module the chunk comes from.
 */
export const PAGE_MODULES: Readonly<Record<string, string>> = {
  leaderboard: 'src/features/leaderboard/index.ts',
  profile: 'src/features/profile/index.ts',
  upload: 'src/features/upload/index.ts',
  onboarding: 'src/features/onboarding/index.ts',
  admin: 'src/features/moderation/index.ts',
  // `/p/<id>`, a photo's page (the server answers every photo's address with it).
  p: 'src/features/photo/index.ts',
};

/** Where the pages' HTML goes in the build; the server answers `/<name>` with `pages/<name>.html`. */
export const PAGES_DIR = 'pages';

function chunkOf(bundle: OutputBundle, moduleId: string): OutputChunk | undefined {
  return Object.values(bundle).find(
    (output): output is OutputChunk =>
      output.type === 'chunk' && output.facadeModuleId?.endsWith(moduleId) === true,
  );
}

/** The chunk's own files and those of its static imports, the entry's excepted. */
function filesOf(bundle: OutputBundle, chunk: OutputChunk, seen = new Set<string>()): string[] {
  if (chunk.isEntry || seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const files = [chunk.fileName];
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') files.push(...filesOf(bundle, next, seen));
  }
  return files;
}

/** The favicon, written into the page as a data: URL. */
const FAVICON = 'favicon.svg';

/**
 * The head of a first visit carries nothing that competes with the page's own code: the
 * favicon is written in (one request fewer; it stays in public/ for the offline page) and the
 * manifest link goes, because Chromium fetches the manifest and its icon as soon as it sees
 * it; the app links it once the first screen has settled (src/lib/service-worker.ts).
 */
export function firstVisitHead(html: string, favicon: string): string {
  const minified = favicon.replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim();
  // Only what a data: URL in a double-quoted attribute needs escaped (a third of the size of
  // encodeURIComponent's output).
  const escaped = minified.replace(/"/g, "'").replace(/[%#<>{}]/g, encodeURIComponent);
  const dataUrl = `data:image/svg+xml,${escaped}`;
  const withIcon = html.replace(/href="[^"]*favicon\.svg"/, `href="${dataUrl}"`);
  const withoutManifest = withIcon.replace(/\s*<link rel="manifest"[^>]*>/, '');
  if (withIcon === html || withoutManifest === withIcon) {
    throw new Error('route-html: the favicon or manifest link of index.html has moved');
  }
  return withoutManifest;
}

/** The English texts: a first render in English waits for them (src/lib/i18n). */
const ENGLISH_MODULE = 'src/lib/i18n/catalogue-en.ts';

/**
 * Adds to the build, for each page of PAGE_MODULES, `pages/<name>.html`: index.html with the
 * page's chunks preloaded and its styles linked, so a first visit to `/leaderboard` (a shared
 * rank link) fetches the page's code beside the entry instead of after it has run; and for
 * every page, the arena (`index`) included, `pages/<name>.en.html`, which also preloads the
 * English texts, for a browser that asks for English (ADR 0018). The server picks the file.
 * Part of the bundle, so they are precompressed like index.html.
 */
export function routeHtml(): Plugin {
  let base = '/';
  let favicon = '';
  return {
    name: 'yanzhi:route-html',
    apply: 'build',
    enforce: 'post',
    async configResolved(config) {
      base = config.base;
      favicon = await fs.readFile(path.join(config.publicDir, FAVICON), 'utf8');
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('route-html: index.html is not in the bundle');
      const html = firstVisitHead(
        typeof index.source === 'string' ? index.source : Buffer.from(index.source).toString(),
        favicon,
      );
      index.source = html;
      const english = chunkOf(bundle, ENGLISH_MODULE);
      if (!english) throw new Error(`route-html: no chunk for ${ENGLISH_MODULE}`);
      const preload = (file: string) =>
        `<link rel="modulepreload" crossorigin href="${base}${file}">`;
      const emit = (fileName: string, links: string[]) => {
        this.emitFile({
          type: 'asset',
          fileName: `${PAGES_DIR}/${fileName}`,
          source: html.replace('</head>', `\n    ${links.join('\n    ')}\n  </head>`),
        });
      };
      emit('index.en.html', [preload(english.fileName)]);
      for (const [name, moduleId] of Object.entries(PAGE_MODULES)) {
        const chunk = chunkOf(bundle, moduleId);
        if (!chunk) throw new Error(`route-html: no chunk for ${moduleId}`);
        const scripts = filesOf(bundle, chunk);
        const styles = new Set(
          scripts.flatMap((file) => {
            const output = bundle[file];
            return output?.type === 'chunk' ? [...(output.viteMetadata?.importedCss ?? [])] : [];
          }),
        );
        const links = [
          ...scripts.map(preload),
          ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
        ];
        emit(`${name}.html`, links);
        emit(`${name}.en.html`, [...links, preload(english.fileName)]);
      }
    },
  };
}
